/** One e-mail: sign-in codes are the only mail Storyreel sends. */
export interface Mail {
  to: string
  subject: string
  text: string
}

export type Mailer = (mail: Mail) => Promise<void>
