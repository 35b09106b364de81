import nodemailer from 'nodemailer'
import type { Mail, Mailer } from './mailer'

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    kind: 'smtp',
    async send(mail: Mail) {
      await transport.sendMail({ from, ...mail })
    },
  }
}
