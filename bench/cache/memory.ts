/**
 * `npm run bench:memory`: does the server's memory stay flat while requests it has never seen pass through
 * it? On a throw-away PostgreSQL 15 with BENCH_PRODUCTS products (default 1 000), the production bundle on
 * 127.0.0.1 (WORKERS=1, the default CACHE_MAX_MB) is sent BENCH_JUNK_REQUESTS requests (default 50 000),
 * each one unique, taking turns among the kinds below; after a warm-up of BENCH_WARM_UP requests of the same
 * kinds (default 5 000: code compiled, the icon set read, the kept replies those reads may keep made), and
 * again after every fifth of the run, it reads the server's RSS and V8 heap after a full collection
 * (bench/cache/memory-probe.mjs, loaded into the server with `--expose-gc`, answers over an IPC channel).
 * Prints a Markdown report for docs/benchmarks.md (also in $TMPDIR/bench-memory-report.md).
 *
 * BENCH_HEAP_SNAPSHOTS=<folder> writes a heap snapshot at each reading besides (open two in Chrome's
 * DevTools, Memory, Comparison, to see what grew between them).
 *
 * Bounded: the requests are counted, and the run stops sending after BENCH_MAX_SECONDS (default 1 500),
 * reporting how far it got. BENCH_PORT and BENCH_PG_PORT choose the ports (bench/api/server.ts, postgres.ts).
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { serverVersion, startCluster, type Cluster } from '../api/postgres'
import { buildServer, seed, startServer, type RunningServer } from '../api/server'

const root = fileURLToPath(new URL('../..', import.meta.url))
const total = Number(process.env.BENCH_JUNK_REQUESTS ?? 50_000)
const warmUp = Number(process.env.BENCH_WARM_UP ?? 5_000)
const maxSeconds = Number(process.env.BENCH_MAX_SECONDS ?? 1_500)
const productCount = Number(process.env.BENCH_PRODUCTS ?? 1_000)
/** A folder for a heap snapshot at each reading (big: about twice the heap each), to see what grew. */
const snapshots = process.env.BENCH_HEAP_SNAPSHOTS
const CONNECTIONS = 10
const STEPS = 5
/** About 1 kB of junk per query parameter: a key or header echoing it would show quickly. */
const JUNK = 'j'.repeat(1_000)

interface Kind {
  name: string
  /** The path of the n-th request (n counts from 0 over the whole run, warm-up included): unique per n. */
  path(n: number): string
}

function kinds(ids: number[], colour: string): Kind[] {
  const id = (n: number) => ids[n % ids.length] ?? 1
  return [
    {
      name: 'a kept listing read, junk parameter',
      path: (n) => `/api/public/products?page=0&size=20&j${n}=${JUNK}`,
    },
    {
      name: 'a kept product read, junk parameter',
      path: (n) => `/api/public/products/${id(n)}?utm_${n}=${JUNK}`,
    },
    { name: 'a kept page, junk parameter', path: (n) => `/products?fbclid=${n}${JUNK}` },
    { name: 'an unknown page', path: (n) => `/no-such-page-${n}` },
    { name: 'an unknown API path', path: (n) => `/api/public/no-such-${n}` },
    { name: 'an unknown file under /assets', path: (n) => `/assets/no-such-${n}.js` },
    { name: 'an unknown picture (SVG)', path: (n) => `/media/food/no-such-${n}/${colour}.svg` },
    { name: 'an unknown picture (WebP)', path: (n) => `/media/food/no-such-${n}/${colour}.webp?w=160` },
    {
      name: 'an unknown upload',
      path: (n) => `/media/uploads/${n.toString(16).padStart(32, '0')}/320.webp`,
    },
  ]
}

interface Measured {
  rss: number
  heapTotal: number
  heapUsed: number
  external: number
  arrayBuffers: number
}

/** Memory of the server after a full collection, asked over IPC (memory-probe.mjs). */
function measure(server: RunningServer, after: number): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not answer the memory probe')), 60_000)
    const onMessage = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('measured' in message)) return
      clearTimeout(timer)
      server.child.off('message', onMessage)
      resolve(message.measured as Measured)
    }
    server.child.on('message', onMessage)
    const snapshot = snapshots ? path.join(snapshots, `after-${after}.heapsnapshot`) : undefined
    server.child.send({ measure: true, ...(snapshot ? { snapshot } : {}) })
  })
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

async function main() {
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
  if (!fs.existsSync(path.join(root, 'apps/web/dist/server/entry-server.js'))) {
    execFileSync('npm', ['run', 'build', '-w', '@larder/web'], { cwd: root, stdio: 'inherit' })
  }
  const lines: string[] = []
  const out = (line = '') => {
    lines.push(line)
    console.info(line)
  }
  let cluster: Cluster | undefined
  let server: RunningServer | undefined
  try {
    buildServer(root)
    cluster = await startCluster()
    seed(root, cluster.url, productCount)
    server = await startServer(
      root,
      cluster.url,
      undefined,
      { WORKERS: '1' },
      { nodeArgs: ['--expose-gc', '--import', path.join(root, 'bench/cache/memory-probe.mjs')], ipc: true },
    )
    const listing = (await (await fetch(`${server.base}/api/public/products?page=0&size=50`)).json()) as {
      id: number
      images: string[]
    }[]
    const ids = listing.map((product) => product.id)
    // A colour the site draws pictures on, so that an unknown picture is refused for its name alone.
    const colour = /\/([0-9a-f]{6})\.svg$/.exec(listing[0]?.images[0] ?? '')?.[1] ?? 'ffffff'
    const all = kinds(ids, colour)
    const started = Date.now()
    out(
      `Date ${new Date().toISOString()}, commit ${commit}, \`npm run bench:memory\` (BENCH_JUNK_REQUESTS=${total}, BENCH_WARM_UP=${warmUp}, BENCH_PRODUCTS=${productCount}, ${CONNECTIONS} connections)`,
    )
    out(
      `${serverVersion(cluster.url)}; Node ${process.version}; ${os.cpus().length} CPUs; load average at start ${os
        .loadavg()
        .map((n) => n.toFixed(1))
        .join(', ')} (a machine shared with other work)`,
    )
    out()
    out(`Each request unique, taking turns among: ${all.map((kind) => kind.name).join('; ')}.`)
    out()

    let sent = 0
    const statuses = new Map<string, number>()
    let errors = 0
    const send = async (count: number) => {
      const first = sent
      let n = first
      const result = await autocannon({
        url: server?.base ?? '',
        connections: CONNECTIONS,
        amount: count,
        headers: { 'accept-encoding': 'br' },
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => {
              const at = n++
              return { ...request, path: all[at % all.length]?.path(at) ?? '/' }
            },
          },
        ],
      })
      errors += result.errors + result.timeouts
      for (const [code, value] of Object.entries(result)) {
        if (/^[1-5]xx$/.test(code) && typeof value === 'number' && value > 0)
          statuses.set(code, (statuses.get(code) ?? 0) + value)
      }
      sent = first + count
    }

    await send(warmUp)
    const rows: { after: number; memory: Measured; seconds: number }[] = []
    rows.push({ after: 0, memory: await measure(server, 0), seconds: 0 })
    const step = Math.ceil(total / STEPS)
    let measured = 0
    while (measured < total) {
      if ((Date.now() - started) / 1000 > maxSeconds) {
        out(`Stopped after ${measured} requests: BENCH_MAX_SECONDS=${maxSeconds} reached.`)
        break
      }
      const count = Math.min(step, total - measured)
      await send(count)
      measured += count
      rows.push({
        after: measured,
        memory: await measure(server, measured),
        seconds: Math.round((Date.now() - started) / 1000),
      })
    }

    const base = rows[0]?.memory
    out(
      '| After (past the warm-up) | RSS MB | Heap used MB | Heap total MB | External MB | Array buffers MB | Seconds |',
    )
    out('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    for (const { after, memory, seconds } of rows) {
      out(
        `| ${after.toLocaleString('en-GB')} | ${mb(memory.rss)} | ${mb(memory.heapUsed)} | ${mb(memory.heapTotal)} | ${mb(memory.external)} | ${mb(memory.arrayBuffers)} | ${seconds} |`,
      )
    }
    const last = rows.at(-1)?.memory
    if (base && last) {
      out()
      out(
        `From the warm-up's end to the last reading: RSS ${mb(last.rss - base.rss)} MB, heap used ${mb(last.heapUsed - base.heapUsed)} MB. Replies: ${[...statuses].map(([code, count]) => `${count} ${code}`).join(', ')}, ${errors} errors or time-outs; load average at the end ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(', ')}.`,
      )
    }
  } finally {
    await server?.stop()
    cluster?.stop()
  }
  fs.writeFileSync(path.join(os.tmpdir(), 'bench-memory-report.md'), lines.join('\n') + '\n')
}

await main()
