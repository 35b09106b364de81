import type { ContactMessage } from '@larder/shared'
import type { JobRunner } from '../../jobs/job-runner'
import type { MailQueue } from '../mail/mail-queue'
import type { ContactRepository } from './contact.repository'

export function createContactService(deps: {
  repository: ContactRepository
  mail: MailQueue
  jobs: JobRunner
  shopEmail: string
}) {
  return {
    /** Stores the message and its mail to the shop together: a mail failure never loses either. */
    async receive(message: ContactMessage, clientIp: string): Promise<number> {
      const from = [message.name || 'A shopper', message.email && `<${message.email}>`]
        .filter(Boolean)
        .join(' ')
      const { id, mailJob } = await deps.repository.transaction(async (tx) => {
        const saved = await deps.repository.save(tx, message, clientIp)
        const job = await deps.mail.enqueue(tx, `contact:${saved}`, {
          to: deps.shopEmail,
          subject: `Contact message #${saved} from ${message.name || message.email || 'a shopper'}`,
          text: [`From: ${from}`, `Phone: ${message.phone || '-'}`, '', message.message].join('\n'),
        })
        return { id: saved, mailJob: job }
      })
      await deps.jobs.runNow([mailJob])
      return id
    },
  }
}

export type ContactService = ReturnType<typeof createContactService>
