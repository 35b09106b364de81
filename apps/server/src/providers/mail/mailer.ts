import type { Database } from '../../db/client'

export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

/**
 * Delivers e-mail: through SMTP when SMTP_URL is set, otherwise into the local outbox table. Mail is never
 * sent from a request directly: it is queued in the transaction of the change it reports and delivered by
 * the mail job (modules/mail), which calls this.
 */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  /**
   * Delivers one mail, or answers the write that delivers it, for the job to commit together with marking
   * itself done: the outbox's mail then exists exactly once whatever crashes when. SMTP cannot take part in
   * a transaction, so a crash between the server's acceptance and that commit sends the mail again (with
   * the same Message-ID, which mail clients use to show it once).
   */
  deliver(
    mail: Mail,
    messageId: string,
  ): Promise<((tx: Database) => Promise<void>) | undefined> | Promise<void>
}
