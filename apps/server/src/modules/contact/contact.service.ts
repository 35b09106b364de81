import type { ContactMessage } from '@larder/shared'
import type { Mailer } from '../../providers/mail/mailer'
import type { ContactRepository } from './contact.repository'

export function createContactService(deps: {
  repository: ContactRepository
  mailer: Mailer
  shopEmail: string
}) {
  return {
    /** Stores the message first, so a mail failure never loses it, then tells the shop. */
    async receive(message: ContactMessage, clientIp: string): Promise<number> {
      const id = await deps.repository.save(message, clientIp)
      const from = [message.name || 'A shopper', message.email && `<${message.email}>`]
        .filter(Boolean)
        .join(' ')
      await deps.mailer.send({
        to: deps.shopEmail,
        subject: `Contact message #${id} from ${message.name || message.email || 'a shopper'}`,
        text: [`From: ${from}`, `Phone: ${message.phone || '-'}`, '', message.message].join('\n'),
      })
      return id
    },
  }
}

export type ContactService = ReturnType<typeof createContactService>
