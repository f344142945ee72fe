import nodemailer from 'nodemailer'
import type { Mailer } from './mailer'

/** Sends through SMTP when configured. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url)
  return async (mail) => {
    await transport.sendMail({ from, ...mail })
  }
}
