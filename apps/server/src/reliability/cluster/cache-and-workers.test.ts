/**
 * Kept replies across processes, and WORKERS processes on one port: the production bundle on a throw-away
 * PostgreSQL 15 (run-cluster.sh starts it and builds the bundle).
 *
 * 1. Two servers on one database: a product's API reply and page are kept by the second; the first takes
 *    stock through a paid order; the second serves the new stock without waiting for any expiry (it is
 *    polled, as a shopper reloading would; the time it takes is measured by bench/cache, not asserted).
 * 2. One server with WORKERS=2: each worker is killed in turn and every request meanwhile is answered by
 *    the other; the killed one is replaced; SIGTERM then drains both and the primary exits with 0.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ProductSchema } from '@larder/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { send } from './http-client'
import { createDatabase, Ledger } from './ledger'
import { freePorts, readiness, ServerProcess } from './server-process'
import { Cluster, isFailure, payRequest, prepareCheckout, shopper } from './shopper'

const adminUrl = process.env.CLUSTER_ADMIN_URL ?? ''
const runDir = process.env.CLUSTER_RUN_DIR ?? ''
const bundle = process.env.CLUSTER_BUNDLE ?? ''
/** Ports this file may use, apart from the fault test's. */
const FIRST_PORT = Number(process.env.CACHE_TEST_FIRST_PORT ?? 3331)
const LAST_PORT = FIRST_PORT + 9

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function getText(port: number, urlPath: string, headers: Record<string, string> = {}) {
  const outcome = await send({ port, method: 'GET', path: urlPath, headers, timeoutMs: 10_000 })
  if (outcome.kind !== 'response') throw new Error(`GET ${urlPath} on ${port}: ${outcome.kind}`)
  return outcome
}

async function apiStock(port: number, productId: number): Promise<number> {
  const outcome = await getText(port, `/api/public/products/${productId}`)
  return ProductSchema.parse(JSON.parse(outcome.body)).qty
}

/** The stock a product page shows: "N products left in stock!" (React may split the number off). */
async function pageStock(port: number, productId: number): Promise<number | undefined> {
  const outcome = await getText(port, `/product-detail/${productId}`)
  const match = /(\d+)(?:<!-- -->)? products left in stock!/.exec(outcome.body)
  return match ? Number(match[1]) : undefined
}

/** Polls `read` until it gives `expected`, at most `attempts` times 50 ms apart; answers the last value. */
async function pollFor<T>(read: () => Promise<T>, expected: T, attempts = 200): Promise<T> {
  let value = await read()
  for (let i = 0; i < attempts && value !== expected; i++) {
    await sleep(50)
    value = await read()
  }
  return value
}

function childPids(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((value) => value > 0)
  } catch {
    // ps exits with 1 when there is no such child.
    return []
  }
}

describe.skipIf(!adminUrl || !runDir || !bundle)('kept replies and workers across processes', () => {
  const servers: ServerProcess[] = []
  let ledger: Ledger
  let databaseUrl = ''

  beforeAll(async () => {
    fs.mkdirSync(path.join(runDir, 'pids'), { recursive: true })
    databaseUrl = await createDatabase(adminUrl, `larder_cache_${process.pid}`)
    ledger = new Ledger(databaseUrl)
  })
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await ledger.close()
  })

  const startServer = async (name: string, port: number, env: Record<string, string> = {}) => {
    const server = new ServerProcess({ name, port, bundle, runDir, env })
    server.databaseUrl = databaseUrl
    servers.push(server)
    server.start()
    const started = await server.waitReady(60_000)
    if (!started.ready) throw new Error(`${name}: ${started.reason}: ${server.excerpt()}`)
    return server
  }

  it('another process serves the new stock of a paid order, API and page, without waiting for an expiry', async () => {
    const [portA = 0, portB = 0] = await freePorts(2, FIRST_PORT, LAST_PORT)
    const a = await startServer('writer', portA)
    const b = await startServer('reader', portB)
    const [productId = 0] = await ledger.productsForSale(1, new Set())
    await ledger.setStock(productId, 40)
    // Kept by the reader: asked twice, the second answer comes from its memory.
    expect(await pollFor(() => apiStock(b.port, productId), 40)).toBe(40)
    expect(await pollFor(() => pageStock(b.port, productId), 40)).toBe(40)
    const kept = await getText(b.port, `/api/public/products/${productId}`)
    expect(ProductSchema.parse(JSON.parse(kept.body)).qty).toBe(40)

    const checkout = await prepareCheckout(new Cluster([a.port]), shopper(5, 1), 0, productId)
    if (isFailure(checkout)) throw new Error(`checkout failed at ${checkout.step}: ${checkout.outcome}`)
    const paid = await new Cluster([a.port]).call(0, payRequest(checkout))
    expect(paid.outcome.kind).toBe('response')
    // The sandbox's webhook is a job any process may run; the stock is taken when it has run.
    expect(await pollFor(async () => (await ledger.stock([productId]))[0]?.qty, 39)).toBe(39)
    // With replies kept 5 s as before, or an hour without the notice, these would still say 40.
    expect(await pollFor(() => apiStock(b.port, productId), 39, 20)).toBe(39)
    expect(await pollFor(() => pageStock(b.port, productId), 39, 20)).toBe(39)
    await a.stop()
    await b.stop()
  })

  it('WORKERS=2 keeps answering while each worker in turn is killed, replaces it, and drains on SIGTERM', async () => {
    const [port = 0] = await freePorts(1, FIRST_PORT, LAST_PORT)
    const server = await startServer('workers', port, { WORKERS: '2' })
    const primary = server.pid ?? 0
    let workers: number[] = []
    for (let i = 0; i < 100 && workers.length < 2; i++) {
      workers = childPids(primary)
      if (workers.length < 2) await sleep(100)
    }
    expect(workers).toHaveLength(2)

    const failures: string[] = []
    let answered = 0
    const ask = async (count: number) => {
      for (let i = 0; i < count; i++) {
        const outcome = await send({
          port,
          method: 'GET',
          path: '/api/public/products?size=1',
          timeoutMs: 10_000,
        })
        if (outcome.kind === 'response' && outcome.status === 200) answered++
        else failures.push(outcome.kind === 'response' ? String(outcome.status) : outcome.kind)
      }
    }
    const originals = [...workers]
    for (const victim of originals) {
      process.kill(victim, 'SIGKILL')
      // Right after the kill the replacement is still starting: the other worker answers these alone.
      await ask(30)
      let replaced: number[] = []
      for (let i = 0; i < 200; i++) {
        replaced = childPids(primary)
        if (replaced.length === 2 && !replaced.includes(victim)) break
        await sleep(100)
      }
      expect(replaced).toHaveLength(2)
      expect(replaced).not.toContain(victim)
      // Until the replacement listens it takes no connection; then both answer.
      expect(await pollFor(() => readiness(port), '200')).toBe('200')
      await ask(10)
    }
    expect(childPids(primary).some((pid) => originals.includes(pid))).toBe(false)
    // A connection the primary handed to the worker just as it was killed may be cut: at most one per kill.
    expect(failures.length, failures.join(', ')).toBeLessThanOrEqual(originals.length)
    expect(answered).toBeGreaterThanOrEqual(80 - originals.length)

    const last = childPids(primary)
    server.signal('SIGTERM')
    const exit = await server.waitExit(60_000)
    expect(exit?.code).toBe(0)
    const gone = (pid: number) => !fs.existsSync(`/proc/${pid}`)
    for (const pid of last) expect(await pollFor(async () => gone(pid), true, 100)).toBe(true)
  })
})
