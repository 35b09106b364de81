/**
 * `npm run bench:cache`: what the response cache and WORKERS give, on a throw-away PostgreSQL 15 with
 * BENCH_PRODUCTS products (default 10 000), against the production bundle on 127.0.0.1. Prints a Markdown
 * report for docs/benchmarks.md; every load is bounded and stops by itself (about 5 minutes).
 *
 * 1. New against returning visitors, interleaved in one run: the same pages with no cookie (a first visit,
 *    which gets an XSRF cookie) and with one, taking turns, BENCH_DURATION seconds each (default 5).
 * 2. Staleness across processes: a stock change committed with its notice on one connection (as any
 *    process's write is), then the time until another server process first answers the new stock.
 * 3. Memory under 50 000 unique junk URLs: the reading process's RSS as they pass through its cache.
 * 4. WORKERS=1 against WORKERS=2: a kept listing, and a listing that misses the cache each time.
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
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000)
const junkUrls = Number(process.env.BENCH_JUNK_URLS ?? 50_000)
const CONNECTIONS = 10
/** Which parts to run (BENCH_PARTS=visitors,staleness): all four unless given. */
const parts = new Set((process.env.BENCH_PARTS ?? 'visitors,staleness,junk,workers').split(','))
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

const cycle = (items: string[]) => {
  let i = 0
  return () => items[i++ % items.length] ?? '/'
}

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return 0
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return Math.round(kb / 1024)
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
      `Date ${new Date().toISOString()}, commit ${commit}, \`npm run bench:cache\` (BENCH_PRODUCTS=${productCount}, ${CONNECTIONS} connections, ${duration} s per run)`,
    )
    out(
      `${serverVersion(cluster.url)}; ${os.cpus().length} CPUs; load average at start ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(', ')} (a machine shared with other work)`,
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
      out('| Page | New visitor req/s | Returning visitor req/s | New / returning |')
      out('| --- | ---: | ---: | ---: |')
      for (const [name, urls] of Object.entries(pages)) {
        const next = cycle(urls)
        // Warm, as any page is after its first visitor (each asked once, then a second round once its
        // compressed copies are kept); then the two kinds of visit take turns three times.
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
        const rates = { fresh: [] as number[], returning: [] as number[] }
        for (let round = 0; round < 3; round++) {
          rates.fresh.push((await load(a, cycle(urls), BR)).requests.average)
          rates.returning.push((await load(a, cycle(urls), RETURNING)).requests.average)
        }
        const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
        const fresh = mean(rates.fresh)
        const returning = mean(rates.returning)
        out(
          `| ${name} | ${Math.round(fresh)} | ${Math.round(returning)} | ${Math.round((fresh / returning) * 100)}% |`,
        )
      }
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

    // 3. Memory under junk URLs, on the reading process.
    if (parts.has('junk')) {
      const junk = 'x'.repeat(1_000)
      const rss: string[] = [`${rssMb(b.pid)} MB before`]
      let sent = 0
      const step = Math.max(1, Math.floor(junkUrls / 5))
      while (sent < junkUrls) {
        const batch = Math.min(step, junkUrls - sent)
        const first = sent
        let i = 0
        await autocannon({
          url: b.base,
          connections: CONNECTIONS,
          amount: batch,
          headers: BR,
          requests: [
            {
              method: 'GET',
              setupRequest: (request) => ({
                ...request,
                path: `/api/public/products/${ids[(first + i) % ids.length] ?? 1}?junk=${first + i++}${junk}`,
              }),
            },
          ],
        })
        sent += batch
        rss.push(`${rssMb(b.pid)} MB after ${sent}`)
      }
      out(
        `Memory of the reading process under ${junkUrls} unique URLs (the product replies of 200 products) with a 1 kB junk parameter (CACHE_MAX_MB default 128): ${rss.join(', ')}.`,
      )
      out()
    }

    // 4. One worker against two.
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
      const before = snapshot(server.pid, server.pid)
      const missed = await load(
        server,
        () => `/api/public/products?page=${n % 100}&size=${1 + (Math.floor(n++ / 100) % 100)}`,
        BR,
      )
      const cpu = cpuPerRequest(before, snapshot(server.pid, server.pid), missed.requests.total)
      const micros = (cpu.server ?? 0) + (cpu.postgres ?? 0)
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
