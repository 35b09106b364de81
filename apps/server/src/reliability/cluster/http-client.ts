import http from 'node:http'

export interface HttpRequest {
  port: number
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
  /**
   * The loopback address the request comes from (127.x.y.z): one per simulated shopper, so that the
   * per-address rate limits count each shopper on their own, as they would in production.
   */
  localAddress?: string
  timeoutMs?: number
  /**
   * A keep-alive agent, to send on a connection an earlier request left open, as a load balancer reuses
   * its connections to a backend. Without it, every request has a connection of its own.
   */
  agent?: http.Agent
  /** Called once the whole request has been written to the socket: from then on it is in flight. */
  onSent?: () => void
}

export type HttpOutcome =
  | { kind: 'response'; status: number; headers: http.IncomingHttpHeaders; body: string }
  /** Nothing listened on the port: no byte reached a process, so sending it elsewhere is safe. */
  | { kind: 'refused' }
  /** The connection ended before a complete response (reset, closed, or a body cut short). */
  | { kind: 'reset'; sent: boolean; error: string }
  | { kind: 'timeout'; sent: boolean }

const DEFAULT_TIMEOUT_MS = 30_000

/**
 * One request, on a connection of its own unless an agent is given, and one outcome for it: a complete
 * response, a refused connection, a reset, or a timeout. Never rejects.
 */
export function send(request: HttpRequest): Promise<HttpOutcome> {
  return new Promise((resolve) => {
    let sent = false
    let settled = false
    const body = request.body === undefined ? undefined : Buffer.from(request.body)
    const req = http.request({
      host: '127.0.0.1',
      port: request.port,
      method: request.method,
      path: request.path,
      agent: request.agent ?? false,
      ...(request.localAddress ? { localAddress: request.localAddress } : {}),
      headers: {
        ...request.headers,
        connection: request.agent ? 'keep-alive' : 'close',
        ...(body ? { 'content-length': String(body.length) } : {}),
      },
    })
    const timer = setTimeout(() => {
      finish({ kind: 'timeout', sent })
      req.destroy()
    }, request.timeoutMs ?? DEFAULT_TIMEOUT_MS)
    function finish(outcome: HttpOutcome) {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    req.on('finish', () => {
      sent = true
      request.onSent?.()
    })
    req.on('response', (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('error', (error) =>
        finish({ kind: 'reset', sent: true, error: `response cut short: ${error.message}` }),
      )
      // `complete` is false when the connection closed before the announced body had arrived.
      res.on('close', () =>
        finish(
          res.complete
            ? {
                kind: 'response',
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: Buffer.concat(chunks).toString('utf8'),
              }
            : { kind: 'reset', sent: true, error: 'response cut short' },
        ),
      )
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED') finish({ kind: 'refused' })
      else finish({ kind: 'reset', sent, error: error.code ?? error.message })
    })
    req.end(body)
  })
}

/** A short label for reports and failure messages: `303`, `reset ECONNRESET`, `refused`, `timeout`. */
export function describeOutcome(outcome: HttpOutcome): string {
  switch (outcome.kind) {
    case 'response':
      return String(outcome.status)
    case 'refused':
      return 'refused'
    case 'reset':
      return `reset ${outcome.error}${outcome.sent ? '' : ' (before the request was sent)'}`
    case 'timeout':
      return 'timeout'
  }
}
