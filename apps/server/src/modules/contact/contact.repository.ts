import type { ContactMessage } from '@larder/shared'
import type { Database } from '../../db/client'
import { contactMessages } from '../../db/schema'

export function createContactRepository(db: Database) {
  return {
    transaction: <T>(work: (tx: Database) => Promise<T>): Promise<T> => db.transaction(work),

    async save(tx: Database, message: ContactMessage, clientIp: string): Promise<number> {
      const [row] = await tx
        .insert(contactMessages)
        .values({ ...message, clientIp })
        .returning({ id: contactMessages.id })
      if (!row) throw new Error('contact message insert returned no row')
      return row.id
    },
  }
}

export type ContactRepository = ReturnType<typeof createContactRepository>
