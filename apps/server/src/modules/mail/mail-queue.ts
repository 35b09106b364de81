import { z } from 'zod'
import type { JobRunner, Queue } from '../../jobs/job-runner'
import type { Mail, Mailer } from '../../providers/mail/mailer'

const MailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
})

/** E-mail waiting to go out: queued in the transaction of the change it reports (a transactional outbox). */
export type MailQueue = Queue<Mail>

/**
 * The mail queue, delivered through `mailer`. Each mail is queued under a key naming the event it reports
 * (`order-paid:<order>`), so one event never makes two mails, and a failed delivery is retried with
 * back-off; a delivered mail's text is then forgotten (a reset link stays live for a day).
 */
export function createMailQueue(jobs: JobRunner, mailer: Mailer, publicUrl: string): MailQueue {
  const host = new URL(publicUrl).hostname
  return jobs.queue('mail', MailSchema, (mail, job) => mailer.deliver(mail, `<mail-${job.id}@${host}>`))
}
