import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import {
  createEmptyPostgresDatabase,
  DATABASE_KINDS,
  TEST_JWT_SECRET,
  type DatabaseKind,
} from './test/test-app'

/**
 * The real entry point in a child process, stopped with SIGTERM under load. It runs from the sources
 * (tsx), so it never tests a stale build.
 */
const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url))
const ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))
const LOAD = 30

interface RunningServer {
  port: number
  child: ChildProcess
  exited: Promise<{ code: number | null; at: number }>
  /** Resolves once the server has logged a line matching `pattern`. */
  logged(pattern: RegExp): Promise<void>
  output(): string
}

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startServer(kind: DatabaseKind, env: Record<string, string>): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'larder-shutdown-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  let databaseUrl = ''
  if (kind === 'postgres') {
    const database = await createEmptyPostgresDatabase()
    databaseUrl = database.url
    cleanups.push(() => database.drop())
  }
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      WEB_DIST: '/nonexistent',
      JWT_SECRET: TEST_JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.once('exit', (code) => resolve({ code, at: Date.now() })),
  )
  cleanups.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited
  })
  let text = ''
  const waiting: { pattern: RegExp; resolve: () => void }[] = []
  const onData = (chunk: Buffer) => {
    text += chunk.toString()
    for (const wait of [...waiting]) {
      if (wait.pattern.test(text)) {
        waiting.splice(waiting.indexOf(wait), 1)
        wait.resolve()
      }
    }
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const logged = (pattern: RegExp) =>
    pattern.test(text)
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          waiting.push({ pattern, resolve })
          void exited.then(() => reject(new Error(`server exited before logging ${pattern}:\n${text}`)))
        })
  await logged(/Server listening at http:\/\/127\.0\.0\.1:\d+/)
  const port = Number(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(text)?.[1])
  return { port, child, exited, logged, output: () => text }
}

interface Answer {
  status: number | undefined
  connection: string | undefined
  body: string
  /** When the response ended, for telling those that came after the signal. */
  at: number
  error?: string
}

function get(port: number, url: string, agent: http.Agent, onSent?: () => void): Promise<Answer> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode, connection: res.headers.connection, body, at: Date.now() }),
      )
      res.on('error', (error) =>
        resolve({
          status: res.statusCode,
          connection: undefined,
          body,
          at: Date.now(),
          error: error.message,
        }),
      )
    })
    // Sent once its connection is open (Node writes the request then) and that turn has ended.
    request.on('socket', (socket) => {
      const sent = () => setImmediate(() => onSent?.())
      if (socket.connecting) socket.once('connect', sent)
      else sent()
    })
    request.on('error', (error) =>
      resolve({ status: undefined, connection: undefined, body: '', at: Date.now(), error: error.message }),
    )
  })
}

/**
 * A raw connection that has sent all of a request's head but its last line end (a request on the wire),
 * or with `silent`, nothing yet (a client that has connected and not yet written).
 */
async function partialRequest(port: number, url: string, { silent = false } = {}) {
  const socket = net.connect(port, '127.0.0.1')
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let received = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (received += chunk))
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()))
  socket.on('error', () => {})
  const request = `GET ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n`
  if (!silent) socket.write(request)
  return {
    /** Sends the rest of the request, then waits for the server to answer and hang up. */
    async finish() {
      socket.write(silent ? `${request}\r\n` : '\r\n')
      await ended
      const [head = '', body = ''] = received.split('\r\n\r\n')
      return {
        status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1]),
        connection: /\r\nconnection: ([^\r]*)/i.exec(head)?.[1]?.toLowerCase(),
        body,
      }
    },
    destroy: () => socket.destroy(),
    ended,
  }
}

const connectOnce = (port: number) =>
  new Promise<string>((resolve) => {
    const socket = net.connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      resolve('accepted')
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })

/**
 * What a new connection meets once the drain is under way. The listener closes only after connections
 * clients had already opened are accepted (at most 500 ms, plugins/graceful-close.ts), so a connection
 * made within that window may still be accepted; from then on each is refused.
 */
async function refused(port: number, withinMs = 1_000): Promise<string> {
  const deadline = Date.now() + withinMs
  for (;;) {
    const outcome = await connectOnce(port)
    if (outcome !== 'accepted' || Date.now() > deadline) return outcome
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.each(DATABASE_KINDS)('SIGTERM on %s', (kind) => {
  it(
    'answers every request in flight, says Connection: close, turns /readyz to 503 and exits 0 at once',
    { timeout: 120_000 },
    async () => {
      const server = await startServer(kind, { SHUTDOWN_TIMEOUT: '10' })
      const { port } = server

      // A client that keeps an idle keep-alive connection open: it must not hold the exit up.
      const idleAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
      expect((await get(port, '/healthz', idleAgent)).status).toBe(200)
      const [idleSocket] = Object.values(idleAgent.freeSockets).flat()
      const idleClosed = new Promise<void>((resolve) => idleSocket?.once('close', () => resolve()))

      // Requests whose heads are on the wire when the signal comes; completed during the drain.
      const readiness = await partialRequest(port, '/readyz')
      const listing = await partialRequest(port, '/api/public/products?page=0&size=5')
      // A client that has connected but writes its request only once the drain has begun: the server
      // has accepted the connection and read nothing from it, so it is not yet a request in flight.
      const latecomer = await partialRequest(port, '/api/public/products?page=0&size=3', { silent: true })

      // The load: a listing on each of LOAD warm keep-alive connections, all sent before the signal and
      // most still unanswered when it comes.
      const agent = new http.Agent({ keepAlive: true, maxSockets: LOAD })
      const warm = await Promise.all(
        Array.from({ length: LOAD }, (_, i) => get(port, `/healthz?i=${i}`, agent)),
      )
      expect(warm.every((answer) => answer.status === 200)).toBe(true)
      // When the test saw the server start its drain: anything the server sent before it handled the
      // signal has been read by the check phase after the log line came in.
      const drainSeen = server
        .logged(/SIGTERM received, closing/)
        .then(() => new Promise((resolve) => setImmediate(resolve)))
        .then(() => Date.now())
      // It writes a while after the drain has begun, when the close has had turns enough to settle.
      const latecomerAnswer = drainSeen
        .then(() => new Promise((resolve) => setTimeout(resolve, 50)))
        .then(() => latecomer.finish())
      const sizes = Array.from({ length: LOAD }, (_, i) => 20 + i)
      let unsent = sizes.length
      let allSent = () => {}
      const sent = new Promise<void>((resolve) => (allSent = resolve))
      const pending = sizes.map((size) =>
        get(port, `/api/public/products?page=0&size=${size}`, agent, () => {
          unsent -= 1
          if (unsent === 0) allSent()
        }),
      )
      await Promise.all([sent, Promise.race(pending)])
      const signalledAt = Date.now()
      server.child.kill('SIGTERM')
      const answers = await Promise.all(pending)
      const drainSeenAt = await drainSeen

      const ready = await readiness.finish()
      const listed = await listing.finish()
      const lateAnswer = await latecomerAnswer
      const newConnection = await refused(port)
      const { code, at } = await server.exited
      await idleClosed

      // No request was reset or cut short: each got its whole listing.
      expect(answers.filter((answer) => answer.error || answer.status !== 200)).toEqual([])
      answers.forEach((answer, i) => expect(JSON.parse(answer.body)).toHaveLength(sizes[i] ?? 0))
      // Every response the server sent after the signal told the client to close the connection.
      const late = answers.filter((answer) => answer.at > drainSeenAt)
      expect(late.filter((answer) => answer.connection !== 'close')).toEqual([])
      if (kind === 'postgres') expect(late.length).toBeGreaterThan(0)
      // Requests on connections still open during the drain: served, and the connection closed after.
      expect(ready).toEqual({ status: 503, connection: 'close', body: '{"status":"shutting down"}' })
      expect(listed.status).toBe(200)
      expect(listed.connection).toBe('close')
      // Its connection was not dropped as idle: the close waited for its first bytes.
      expect(lateAnswer.status).toBe(200)
      expect(lateAnswer.connection).toBe('close')
      expect(newConnection).toBe('ECONNREFUSED')
      // Before SHUTDOWN_TIMEOUT, although an idle keep-alive connection was open: an exit at the timeout is 1.
      expect(code, server.output()).toBe(0)
      expect(server.output()).not.toMatch(/not closed after/)
      console.info(
        `${kind}: SIGTERM with ${LOAD} requests in flight: ${late.length} answered after it, exit ${code} after ${at - signalledAt} ms`,
      )
    },
  )
})

describe('SIGTERM with a request that never finishes arriving', () => {
  it('cuts the connection at SHUTDOWN_TIMEOUT and exits 1', { timeout: 120_000 }, async () => {
    const server = await startServer('pglite', { SHUTDOWN_TIMEOUT: '1' })
    const stuck = await partialRequest(server.port, '/api/public/products')
    await new Promise((resolve) => setTimeout(resolve, 50))
    server.child.kill('SIGTERM')
    const { code } = await server.exited
    await stuck.ended
    expect(code).toBe(1)
    expect(server.output()).toMatch(/not closed after 1000 ms/)
  })
})
