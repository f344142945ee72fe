import type { Transporter } from 'nodemailer'
import type { Mailer } from './mailer'

/** Sends through SMTP when configured; the SMTP client loads with the first message. */
export function smtpMailer(url: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined
  return async (mail) => {
    transport ??= import('nodemailer').then((m) => m.default.createTransport(url))
    await (await transport).sendMail({ from, ...mail })
  }
}
