import type { Database } from '../../db/client'
import { outboxMail } from '../../db/schema'
import type { Mail, Mailer } from './mailer'

/**
 * Without SMTP the mail is kept in the database, so nothing is lost, and logged, so that a person trying the
 * store locally can follow a link sent by e-mail. With `logText` false (production) the log names the mail
 * only: its text may hold a live password-reset link, and logs are read by more people than mailboxes.
 */
export function createOutboxMailer(
  log: { info(fields: { to: string; subject: string }, message: string): void },
  options: { logText: boolean },
): Mailer {
  return {
    kind: 'outbox',
    async deliver(mail: Mail) {
      return async (tx: Database) => {
        await tx.insert(outboxMail).values({
          toAddress: mail.to,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
        })
        const message = options.logText ? `mail kept in the outbox:\n${mail.text}` : 'mail kept in the outbox'
        log.info({ to: mail.to, subject: mail.subject }, message)
      }
    },
  }
}
