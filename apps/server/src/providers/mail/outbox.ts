import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../../db/client'
import { outboxMail } from '../../db/schema'
import type { Mail, Mailer } from './mailer'

/**
 * Without SMTP the mail is kept in the database and written to the log, so nothing is lost and a person
 * trying the store locally can still follow a link sent by e-mail.
 */
export function createOutboxMailer(db: Database, log: Pick<FastifyBaseLogger, 'info'>): Mailer {
  return {
    kind: 'outbox',
    async send(mail: Mail) {
      await db.insert(outboxMail).values({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
      })
      log.info({ to: mail.to, subject: mail.subject }, `mail kept in the outbox:\n${mail.text}`)
    },
  }
}
