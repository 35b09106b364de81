/**
 * npm run bench:api — the catalogue API against real PostgreSQL with 100 000 products, each endpoint beside
 * the hello-world route of the same server in the same round. See docs/benchmarks.md.
 *
 * Environment: DATABASE_URL (use that database instead of a throw-away cluster), BENCH_DURATION (seconds
 * per endpoint, default 10), BENCH_ROUNDS (default 1; 2 when the machine is noisy), BENCH_SEED=false (keep
 * the data already in DATABASE_URL), BENCH_PRODUCTS (default 100000), BENCH_NO_DOCS=true (print only),
 * BENCH_CACHE_BUST=true (the server runs with CACHE_MAX_MB=0, so its response cache never answers: what a
 * cache miss costs), BENCH_SERVER_NODE_ARGS (extra node flags for the server, e.g. --cpu-prof),
 * BENCH_SERVER_BUNDLE (start that server.js instead of building this checkout's, e.g. an older commit's in a
 * git worktree, to compare the two on one database), BENCH_PG_PID (the postmaster's pid when DATABASE_URL
 * names a local cluster, for PostgreSQL's CPU per request; the throw-away cluster's is known).
 *
 * Options: `--products N` (as BENCH_PRODUCTS), `--only "free-text search,product list"` (those reads only,
 * each still between two hello-world runs).
 */
import os from 'node:os'
import { parseArgs } from 'node:util'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { searchExpression } from '@larder/shared'
import { cpuPerRequest, snapshot } from './cpu'
import { serverVersion, startCluster, type Cluster } from './postgres'
import { table, writeDocs, meetsTargets, type EndpointResult } from './report'
import { buildServer, seed, startServer, type RunningServer } from './server'

const root = fileURLToPath(new URL('../..', import.meta.url))
const duration = Number(process.env.BENCH_DURATION ?? 10)
const rounds = Number(process.env.BENCH_ROUNDS ?? 1)
const { values: options } = parseArgs({
  args: process.argv.slice(2),
  options: { products: { type: 'string' }, only: { type: 'string' } },
})
const productCount = Number(options.products ?? process.env.BENCH_PRODUCTS ?? 100_000)
if (!Number.isSafeInteger(productCount) || productCount < 1)
  throw new Error('--products must be a whole number')
const only = options.only?.split(',').map((name) => name.trim())
const CONNECTIONS = 10
const cacheBust = process.env.BENCH_CACHE_BUST === 'true'

const search = (query: string, extra = '') =>
  `/api/public/_search/products?query=${encodeURIComponent(query)}${extra}`

interface Endpoint {
  name: string
  /** Fixed path, or a function giving the next path (product ids rotate). */
  path: string | (() => string)
  label: string
}

async function productIds(base: string): Promise<number[]> {
  const ids: number[] = []
  for (let page = 0; page < 5; page++) {
    const res = await fetch(`${base}/api/public/products?page=${page * 50}&size=100`)
    const body = (await res.json()) as { id: number }[]
    ids.push(...body.map((p) => p.id))
  }
  if (ids.length === 0) throw new Error('no products to benchmark: is the database seeded?')
  return ids
}

/**
 * What shoppers type, as the search box sends it (free text, relevance order, the last word a prefix):
 * whole words, words being typed, typos, several words, 20 texts in turn. A first page of free text takes
 * its total from its own window of matches, never from the totals cache, so with BENCH_CACHE_BUST (no
 * response cache) every request is parsed, looked up in the vocabulary, ranked and counted. (Until
 * 2026-11-27 each request also carried a stock range with a new bound, `qty:[0 TO 1000000+n]`, for a totals
 * cache the page no longer reads; a filter no shopper's search has, with which PostgreSQL planned the
 * statement again on every run.)
 */
const TYPED = [
  'cheese',
  'fish',
  'chedar',
  'sour dough',
  'creme',
  'bread',
  'chick',
  'mature cheddar',
  'apple juice',
  'croisant',
  'milk',
  'tomatos',
  'free range eggs',
  'choc',
  'ice cream',
  'spagetti',
  'organic milk',
  'smoked had',
  'eggplant',
  'sausage',
]
let typed = 0
const freeText = () => {
  const n = typed++
  const text = searchExpression({ text: TYPED[n % TYPED.length] ?? 'cheese' }) ?? ''
  return search(text, '&size=20')
}

function endpoints(ids: number[]): Endpoint[] {
  let next = 0
  return [
    { name: 'hello-world', path: '/healthz', label: 'GET /healthz' },
    { name: 'product list', path: '/api/public/products', label: 'GET /api/public/products' },
    {
      name: 'category search',
      path: search('(categoryL1:"Fresh") AND (categoryL2:"Cheese")'),
      label: '`_search/products?query=(categoryL1:"Fresh") AND (categoryL2:"Cheese")`',
    },
    {
      name: 'name suggestions',
      path: search('productName:"ched*"', '&size=5'),
      label: '`_search/products?query=productName:"ched*"&size=5`',
    },
    {
      name: 'product by id',
      path: () => `/api/public/products/${ids[next++ % ids.length]}`,
      label: `GET /api/public/products/{id} (${ids.length} ids in turn)`,
    },
    {
      name: 'best rated',
      path: search('(status:"RATED")', '&page=0&size=20'),
      label: '`_search/products?query=(status:"RATED")&page=0&size=20`',
    },
    {
      name: 'free-text search',
      path: freeText,
      label: `free text as the search box sends it, ${TYPED.length} texts in turn (\`(chedar)\`, size 20)`,
    },
  ].filter((endpoint) => endpoint.name === 'hello-world' || !only || only.includes(endpoint.name))
}

async function measure(
  server: RunningServer,
  postmaster: number | undefined,
  endpoint: Endpoint,
  seconds: number,
) {
  const { path: target } = endpoint
  const next = typeof target === 'string' ? () => target : target
  const before = snapshot(server.pid, postmaster)
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
  })
  return { result, cpu: cpuPerRequest(before, snapshot(server.pid, postmaster), result.requests.total) }
}

async function main() {
  const loadAtStart = os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')
  let cluster: Cluster | undefined
  let server: RunningServer | undefined
  const cleanUp = () => cluster?.stop()
  // Ctrl-C or a kill still removes the throw-away cluster.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void (server?.stop() ?? Promise.resolve()).finally(() => {
        cleanUp()
        process.exit(130)
      })
    })
  try {
    let databaseUrl = process.env.DATABASE_URL
    let postgresVersion = databaseUrl ? serverVersion(databaseUrl) : ''
    let postmaster = process.env.BENCH_PG_PID ? Number(process.env.BENCH_PG_PID) : undefined
    if (!databaseUrl) {
      cluster = await startCluster()
      databaseUrl = cluster.url
      postgresVersion = cluster.version.replace(/^postgres \(PostgreSQL\)/, 'PostgreSQL')
      postmaster = cluster.postmasterPid
    }
    if (process.env.BENCH_SEED !== 'false') seed(root, databaseUrl, productCount)
    const bundle = process.env.BENCH_SERVER_BUNDLE
    if (!bundle) buildServer(root)
    const running = await startServer(root, databaseUrl, bundle, cacheBust ? { CACHE_MAX_MB: '0' } : {})
    server = running
    const list = endpoints(await productIds(running.base))
    console.info('\nwarming up…')
    for (const endpoint of list) await measure(running, postmaster, endpoint, 2)

    const results: EndpointResult[] = []
    const [helloWorld, ...reads] = list
    if (!helloWorld) throw new Error('no endpoints')
    const run = async (endpoint: Endpoint, round: number) => {
      console.info(`round ${round}: ${endpoint.name}`)
      return { endpoint, ...(await measure(running, postmaster, endpoint, duration)) }
    }
    const row = (
      { endpoint, result: r, cpu }: Awaited<ReturnType<typeof run>>,
      round: number,
      hello: number,
    ) => ({
      name: endpoint.name,
      path: typeof endpoint.path === 'string' ? endpoint.path : '/api/public/products/{id}',
      round,
      requestsPerSecond: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      ratio: hello > 0 ? r.requests.average / hello : 0,
      serverCpuUs: cpu.server,
      postgresCpuUs: cpu.postgres,
    })
    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(values.length, 1)
    for (let round = 1; round <= rounds; round++) {
      // Each read runs between two hello-world runs and is compared with their mean: on a shared machine the
      // load moves within a minute, and a hello-world figure from the start of the round misleads.
      const hellos = [await run(helloWorld, round)]
      const readRows: EndpointResult[] = []
      for (const endpoint of reads) {
        const measured = await run(endpoint, round)
        const after = await run(helloWorld, round)
        const before = hellos[hellos.length - 1]
        hellos.push(after)
        const hello = mean([before, after].map((h) => h?.result.requests.average ?? 0))
        readRows.push(row(measured, round, hello))
      }
      const helloRows = hellos.map((h) => row(h, round, 1))
      const [first] = helloRows
      if (!first) throw new Error('no hello-world run')
      const defined = (values: (number | undefined)[]) => values.filter((v) => v !== undefined)
      const cpu = (pick: (r: EndpointResult) => number | undefined) => {
        const values = defined(helloRows.map(pick))
        return values.length > 0 ? Math.round(mean(values)) : undefined
      }
      // One hello-world row per round: the mean of its runs, with the worst latencies among them.
      results.push({
        ...first,
        requestsPerSecond: mean(helloRows.map((r) => r.requestsPerSecond)),
        p50: Math.max(...helloRows.map((r) => r.p50)),
        p99: Math.max(...helloRows.map((r) => r.p99)),
        errors: helloRows.reduce((sum, r) => sum + r.errors, 0),
        non2xx: helloRows.reduce((sum, r) => sum + r.non2xx, 0),
        ratio: 1,
        serverCpuUs: cpu((r) => r.serverCpuUs),
        postgresCpuUs: cpu((r) => r.postgresCpuUs),
      })
      results.push(...readRows)
    }
    console.info(`\n${table(results)}\n`)
    if (process.env.BENCH_NO_DOCS !== 'true') {
      const machine = {
        cpus: os.availableParallelism(),
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        node: process.version,
        postgres: postgresVersion,
        load: loadAtStart,
        date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      }
      const paths = `${productCount.toLocaleString('en-GB')} products; ${duration} s × ${rounds} round(s)${cacheBust ? ', cache-busting' : ''}; ${list.map((e) => e.label).join('; ')}`
      const command = [
        cacheBust ? 'BENCH_CACHE_BUST=true' : '',
        rounds !== 1 ? `BENCH_ROUNDS=${rounds}` : '',
        bundle ? `BENCH_SERVER_BUNDLE=${bundle}` : '',
        'npm run bench:api',
      ]
      await writeDocs(
        path.join(root, 'docs/benchmarks.md'),
        machine,
        command.filter(Boolean).join(' '),
        results,
        paths,
      )
    }
    // The run itself succeeded; missing a target is a finding to read, not a crash.
    console.info(results.every(meetsTargets) ? 'targets met' : 'targets NOT met (see the table)')
  } finally {
    await server?.stop()
    cleanUp()
  }
}

await main()
