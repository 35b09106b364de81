import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../../db/client'
import { outboxMail } from '../../db/schema'
import { createTestDatabase } from '../../test/test-app'
import { createOutboxMailer } from './outbox'

describe('outbox mailer', () => {
  let database: DatabaseHandle
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
  })
  afterAll(async () => {
    await database?.close()
  })

  const mail = {
    to: 'ada@example.com',
    subject: 'Reset your Larder password',
    text: 'Open https://shop.example/reset-password?key=secret-key to choose a new password.',
  }

  /** What the mailer wrote to the log, one message per mail. */
  async function logged(logText: boolean) {
    const lines: { fields: object; message: string }[] = []
    const log = {
      info: (fields: object, message: string) => {
        lines.push({ fields, message })
      },
    }
    const write = await createOutboxMailer(log, { logText }).deliver(mail, '<mail-1@shop.test>')
    // The write commits with the mail job's own completion, in its transaction.
    if (write) await database.db.transaction(write)
    return lines
  }

  it('keeps every mail, and logs its text for a person trying the store', async () => {
    const [line] = await logged(true)
    expect(line?.message).toContain('reset-password?key=secret-key')
    const rows = await database.db.select().from(outboxMail)
    expect(rows.at(-1)).toMatchObject({ toAddress: mail.to, subject: mail.subject, textBody: mail.text })
  })

  it('names the mail but keeps its text, reset links included, out of a production log', async () => {
    const [line] = await logged(false)
    expect(line?.fields).toEqual({ to: mail.to, subject: mail.subject })
    expect(JSON.stringify(line)).not.toContain('secret-key')
    expect(await database.db.select().from(outboxMail)).toHaveLength(2)
  })
})
