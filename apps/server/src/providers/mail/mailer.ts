export interface Mail {
  to: string
  subject: string
  text: string
  html?: string
}

/** Sends e-mail: through SMTP when SMTP_URL is set, otherwise into the local outbox table. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(mail: Mail): Promise<void>
}
