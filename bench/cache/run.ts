/**
 * `npm run bench:cache`: what the response cache and WORKERS give, on a throw-away PostgreSQL 15 with
 * BENCH_PRODUCTS products (default 10 000), against the production bundle on 127.0.0.1. Prints a Markdown
 * report for docs/benchmarks.md; every load is bounded and stops by itself (about 7 minutes).
 *
 * 1. New against returning visitors: the same pages with no cookie (a first visit, which gets an XSRF
 *    cookie) and with one, BENCH_DURATION seconds each (default 5), BENCH_ROUNDS rounds (default 6) with the
 *    order swapped every round; medians of req/s and of the server's CPU per request.
 * 2. Staleness across processes: a stock change committed with its notice on one connection (as any
 *    process's write is), then the time until another server process first answers the new stock.
 * 3. WORKERS=1 against WORKERS=2: a kept listing, and a listing that misses the cache each time.
 *
 * Memory under junk URLs is bench/cache/memory.ts (`npm run bench:memory`).
 */
import { performance } from 'node:perf_hooks'
import fs from 'node:fs'
import os from 'node:os'
import { fileURLToPath } from 'node:url'
import { execFileSync } from 'node:child_process'
import autocannon from 'autocannon'
import pg from 'pg'
import { cpuPerRequest, snapshot } from '../api/cpu'
import { serverVersion, startCluster, type Cluster } from '../api/postgres'
import { buildServer, seed, startServer, type RunningServer } from '../api/server'

const root = fileURLToPath(new URL('../..', import.meta.url))
const duration = Number(process.env.BENCH_DURATION ?? 5)
/** Rounds of new and returning visitors per page (BENCH_ROUNDS), each round's pair in the other order. */
const rounds = Number(process.env.BENCH_ROUNDS ?? 6)
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000)
const CONNECTIONS = 10
/** Which parts to run (BENCH_PARTS=visitors,staleness): all three unless given. */
const parts = new Set((process.env.BENCH_PARTS ?? 'visitors,staleness,workers').split(','))
const CHANNEL = 'larder_catalog_changes'
const BR = { 'accept-encoding': 'br' }
const RETURNING = { ...BR, cookie: 'XSRF-TOKEN=returning-visitor-token' }

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function load(
  server: RunningServer,
  paths: () => string,
  headers: Record<string, string>,
  seconds = duration,
) {
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths() }) }],
  })
  return result
}

interface Visit {
  /** Requests per second, autocannon's average over the run. */
  rate: number
  /** Microseconds of the server process's CPU per request (from /proc): steadier than req/s when shared. */
  cpu: number
}

async function visit(server: RunningServer, paths: () => string, headers: Record<string, string>) {
  const before = snapshot(server.pid, undefined)
  const result = await load(server, paths, headers)
  const cpu = cpuPerRequest(before, snapshot(server.pid, undefined), result.requests.total).server ?? 0
  return { rate: result.requests.average, cpu } satisfies Visit
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')

const cycle = (items: string[]) => {
  let i = 0
  return () => items[i++ % items.length] ?? '/'
}

async function stockOn(server: RunningServer, id: number): Promise<number> {
  const response = await fetch(`${server.base}/api/public/products/${id}`)
  const body = (await response.json()) as { qty: number }
  return body.qty
}

async function main() {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  const lines: string[] = []
  const out = (line = '') => {
    lines.push(line)
    console.info(line)
  }
  let cluster: Cluster | undefined
  const servers: RunningServer[] = []
  try {
    buildServer(root)
    cluster = await startCluster()
    seed(root, cluster.url, productCount)
    const start = async (env: Record<string, string> = {}) => {
      const server = await startServer(root, cluster?.url ?? '', undefined, { WORKERS: '1', ...env })
      servers.push(server)
      return server
    }
    const db = new pg.Client({ connectionString: cluster.url })
    await db.connect()
    const ids = (await db.query<{ id: number }>('select id from products order by id limit 200')).rows.map(
      (row) => row.id,
    )
    out(
      `Date ${new Date().toISOString()}, commit ${commit}, \`npm run bench:cache\` (BENCH_PRODUCTS=${productCount}, ${CONNECTIONS} connections, ${duration} s per run, ${rounds} rounds)`,
    )
    out(
      `${serverVersion(cluster.url)}; ${os.cpus().length} CPUs; load average at start ${loadAverage()} (a machine shared with other work)`,
    )
    out()

    // 1. New against returning visitors.
    const a = await start()
    if (parts.has('visitors')) {
      const pages = {
        home: ['/'],
        listing: ['/products'],
        'product pages (200 products)': ids.map((id) => `/product-detail/${id}`),
      }
      out(
        `| Page | New visitor req/s | Returning visitor req/s | New / returning (median of ${rounds} rounds) | Server CPU per request, new / returning |`,
      )
      out('| --- | ---: | ---: | ---: | ---: |')
      for (const [name, urls] of Object.entries(pages)) {
        const next = cycle(urls)
        // Warm, as any page is after its first visitor (each asked once, then a second round once its
        // compressed copies are kept).
        for (let round = 0; round < 2; round++) {
          await autocannon({
            url: a.base,
            connections: CONNECTIONS,
            amount: Math.max(urls.length, CONNECTIONS),
            headers: RETURNING,
            requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
          })
          await sleep(2_000)
        }
        // The two kinds of visit take turns, the first of each round alternating (new, returning; then
        // returning, new; …), so that neither always runs first, after the warm-up or the other page; the
        // table gives medians over the rounds, and the ratio is each round's own pair's.
        const runs = { fresh: [] as Visit[], returning: [] as Visit[] }
        const ratios: number[] = []
        for (let round = 0; round < rounds; round++) {
          const order: (keyof typeof runs)[] =
            round % 2 === 0 ? ['fresh', 'returning'] : ['returning', 'fresh']
          for (const kind of order)
            runs[kind].push(await visit(a, cycle(urls), kind === 'fresh' ? BR : RETURNING))
          const pair = { fresh: runs.fresh.at(-1)?.rate ?? 0, returning: runs.returning.at(-1)?.rate ?? 1 }
          ratios.push(pair.fresh / pair.returning)
        }
        const fresh = median(runs.fresh.map((run) => run.rate))
        const returning = median(runs.returning.map((run) => run.rate))
        const cpu = (kind: keyof typeof runs) => `${Math.round(median(runs[kind].map((run) => run.cpu)))} µs`
        out(
          `| ${name} | ${Math.round(fresh)} | ${Math.round(returning)} | ${Math.round(median(ratios) * 100)}% (${ratios.map((ratio) => `${Math.round(ratio * 100)}`).join(', ')}) | ${cpu('fresh')} / ${cpu('returning')} |`,
        )
      }
      out(`Load average at the end: ${loadAverage()}.`)
      out()
    }

    // 2. Staleness across processes.
    const b = await start()
    // The notice itself, heard on a connection of the bench's own as every server process hears it.
    const listener = new pg.Client({ connectionString: cluster.url })
    await listener.connect()
    await listener.query(`LISTEN ${CHANNEL}`)
    let heard = 0
    listener.on('notification', () => (heard = performance.now()))
    const staleness: number[] = []
    const notices: number[] = []
    if (parts.has('staleness')) {
      const id = ids[0] ?? 1
      for (let i = 0; i < 30; i++) {
        const before = await stockOn(b, id)
        await stockOn(b, id)
        const next = before === 50 ? 51 : 50
        await db.query('begin')
        await db.query('update products set qty = $2 where id = $1', [id, next])
        await db.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ products: [id] })])
        await db.query('commit')
        const committed = performance.now()
        while ((await stockOn(b, id)) !== next) {
          if (performance.now() - committed > 10_000) throw new Error('the new stock never showed')
        }
        staleness.push(performance.now() - committed)
        if (heard > 0) notices.push(Math.max(0, heard - committed))
        heard = 0
        await sleep(50)
      }
      const at = (values: number[], q: number) => {
        const sorted = [...values].sort((x, y) => x - y)
        return (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1)
      }
      out(
        `Staleness across processes (${staleness.length} stock changes): from the commit to the first reply with the new stock from the other process, one request's round trip included, median ${at(staleness, 0.5)} ms, p95 ${at(staleness, 0.95)} ms, max ${at(staleness, 1)} ms; from the commit to the notice reaching a listening connection, median ${at(notices, 0.5)} ms, p95 ${at(notices, 0.95)} ms, max ${at(notices, 1)} ms.`,
      )
      out()
    }
    await listener.end()

    // 3. One worker against two.
    for (const server of servers.splice(0)) await server.stop()
    out(
      '| WORKERS | Kept listing req/s | Missed listing req/s (a new page and size each time) | CPU per missed listing (all processes) |',
    )
    out('| --- | ---: | ---: | ---: |')
    for (const workers of parts.has('workers') ? [1, 2] : []) {
      const server = await start({ WORKERS: String(workers) })
      await sleep(2_000)
      await load(server, () => '/api/public/products?page=0&size=20', BR, 2)
      const kept = await load(server, () => '/api/public/products?page=0&size=20', BR)
      // Every request a listing not asked for before in this run: page and size both accepted parameters.
      let n = workers * 5_000
      const before = snapshot(server.pid, undefined)
      const missed = await load(
        server,
        () => `/api/public/products?page=${n % 100}&size=${1 + (Math.floor(n++ / 100) % 100)}`,
        BR,
      )
      // The server's CPU: its primary and every worker process.
      const micros = cpuPerRequest(before, snapshot(server.pid, undefined), missed.requests.total).server ?? 0
      out(
        `| ${workers} | ${Math.round(kept.requests.average)} | ${Math.round(missed.requests.average)} | ${(micros / 1000).toFixed(2)} ms |`,
      )
      await server.stop()
      servers.splice(0)
    }
    await db.end()
  } finally {
    for (const server of servers) await server.stop()
    cluster?.stop()
  }
  fs.writeFileSync(`${os.tmpdir()}/bench-cache-report.md`, lines.join('\n') + '\n')
}

await main()
