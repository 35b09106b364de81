import nodemailer from 'nodemailer'
import type { Mail, Mailer } from './mailer'

/** A server that stops answering fails the attempt in seconds; the mail job retries it with back-off. */
const SMTP_TIMEOUT_MS = 20_000

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })
  return {
    kind: 'smtp',
    async deliver(mail: Mail, messageId: string) {
      await transport.sendMail({ from, ...mail, messageId })
    },
  }
}
