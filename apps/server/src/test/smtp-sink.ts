import type { AddressInfo } from 'node:net'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed. */
export async function startSmtpSink() {
  const received: ParsedMail[] = []
  const waiting: (() => void)[] = []
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail)
          waiting.splice(0).forEach((wake) => wake())
          callback()
        })
        .catch((error: Error) => callback(error))
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once `count` messages have arrived. */
    async waitFor(count: number): Promise<ParsedMail[]> {
      while (received.length < count) await new Promise<void>((resolve) => waiting.push(resolve))
      return received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
