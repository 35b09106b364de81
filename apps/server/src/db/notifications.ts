import pg from 'pg'

/** What a listener is told: each notice's payload, and when notices may be missed and when they flow again. */
export interface NotificationHandlers {
  message(payload: string): void
  /** The listening connection dropped: notices sent from now on are missed until `up`. */
  down(): void
  /** Listening (again): notices sent while down were missed, so whatever they would have said is unknown. */
  up(): void
}

export interface Listening {
  close(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * `LISTEN channel` on a connection of its own, outside the pool (a pooled connection goes back to other
 * work, and a notice is only delivered to the session that listens). The connection is opened again after a
 * drop (a database restart, a network cut), waiting 100 ms, then doubling up to 5 s; `down` and `up`
 * bracket the time when notices could be missed.
 */
export async function listenPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  log: (message: string) => void = (message) => console.error(message),
): Promise<Listening> {
  let closed = false
  let client: pg.Client | undefined
  let retryMs = 100
  let connectedOnce: () => void = () => undefined
  const firstConnection = new Promise<void>((resolve) => (connectedOnce = resolve))

  const connect = async (): Promise<void> => {
    while (!closed) {
      const attempt = new pg.Client({ connectionString, keepAlive: true })
      let dropped = false
      const lost = (error?: Error) => {
        if (dropped) return
        dropped = true
        attempt.removeAllListeners('notification')
        void attempt.end().catch(() => undefined)
        if (closed) return
        if (error) log(`PostgreSQL notifications connection lost: ${error.message}`)
        handlers.down()
        client = undefined
        void connect()
      }
      // Until connected, a failure is the rejected connect() below; afterwards it is a drop.
      attempt.on('error', () => undefined)
      try {
        await attempt.connect()
        attempt.on('error', lost)
        attempt.on('notification', (notice) => {
          if (notice.channel === channel) handlers.message(notice.payload ?? '')
        })
        attempt.on('end', () => lost())
        await attempt.query(`LISTEN ${pg.escapeIdentifier(channel)}`)
      } catch (error) {
        dropped = true
        attempt.removeAllListeners('notification')
        attempt.removeAllListeners('end')
        void attempt.end().catch(() => undefined)
        if (closed) return
        log(`PostgreSQL notifications: cannot listen (${(error as Error).message}), retrying`)
        await sleep(retryMs)
        retryMs = Math.min(retryMs * 2, 5_000)
        continue
      }
      if (closed) {
        await attempt.end().catch(() => undefined)
        return
      }
      retryMs = 100
      client = attempt
      handlers.up()
      connectedOnce()
      return
    }
  }

  void connect()
  // Start-up waits for the first connection, so that nothing is kept before notices can be heard.
  await Promise.race([firstConnection, sleep(10_000)])
  return {
    async close() {
      closed = true
      const current = client
      client = undefined
      if (current) {
        current.removeAllListeners('end')
        await current.end().catch(() => undefined)
      }
    },
  }
}
