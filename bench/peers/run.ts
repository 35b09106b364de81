/**
 * npm run bench:peers — Larder's catalogue API beside Medusa 2.21's store API on the same machine, the same
 * PostgreSQL cluster and the same catalogue (BENCH_PRODUCTS, default 10 000). See docs/benchmarks.md.
 *
 * Medusa comes from the npm registry alone: bench/peers/medusa is copied to a cache folder
 * (BENCH_PEERS_CACHE, default ~/.cache/larder-bench-peers) and installed there once (about 700 MB), migrated
 * into its own database, and loaded with Larder's products through Medusa's own workflows. The reads are
 * measured interleaved (Larder kept, Larder missing its cache, Medusa; then again), so load that moves on a
 * shared machine moves all three. Everything runs on 127.0.0.1 and stops by itself.
 *
 * Environment: DATABASE_URL (a cluster to create the `larder_peers` and `medusa_peers` databases in,
 * instead of a throw-away one), BENCH_PRODUCTS, BENCH_DURATION (seconds per read, default 10),
 * BENCH_ROUNDS (default 2), BENCH_NO_DOCS=true (print only).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { PG_BIN, startCluster, type Cluster } from '../api/postgres'
import { freePort } from '../api/ports'
import { buildServer, seed, startServer, type RunningServer } from '../api/server'
import { writeDocsSection } from '../docs-section'

const root = fileURLToPath(new URL('../..', import.meta.url))
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000)
const duration = Number(process.env.BENCH_DURATION ?? 10)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const CONNECTIONS = 10
const cacheDir = process.env.BENCH_PEERS_CACHE ?? path.join(os.homedir(), '.cache/larder-bench-peers')
const MARKER_START = '<!-- bench:peers:start -->'
const MARKER_END = '<!-- bench:peers:end -->'

const psql = (url: string, query: string) =>
  execFileSync(`${PG_BIN}/psql`, [url, '-XAtq', '-c', query], { encoding: 'utf8', maxBuffer: 1 << 30 })

/** A database of its own in the cluster, made afresh: `…/postgres` becomes `…/name`. */
function freshDatabase(clusterUrl: string, name: string): string {
  psql(clusterUrl, `drop database if exists ${name} with (force)`)
  psql(clusterUrl, `create database ${name}`)
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Larder's catalogue as both peers import it: one object per product, price in pence, category path. */
function exportCatalogue(larderUrl: string, file: string): void {
  const json = psql(
    larderUrl,
    `select json_agg(json_build_object('id', p.id, 'name', p.product_name, 'description', p.product_description,
       'price', coalesce(p.sale_price_pence, 0), 'qty', p.qty, 'images', p.images,
       'l1', c.l1, 'l2', c.l2, 'l3', c.l3) order by p.id)
     from products p join categories c on c.id = p.category_id`,
  )
  fs.writeFileSync(file, json)
}

interface Medusa {
  base: string
  headers: Record<string, string>
  regionId: string
  stop(): Promise<void>
}

/** Installs (once), migrates, loads and starts Medusa against its own database. */
async function startMedusa(databaseUrl: string, catalogue: string): Promise<Medusa> {
  const dir = path.join(cacheDir, 'medusa-2.21.2')
  fs.mkdirSync(dir, { recursive: true })
  fs.cpSync(path.join(root, 'bench/peers/medusa'), dir, { recursive: true })
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    MEDUSA_DISABLE_TELEMETRY: 'true',
    LOG_LEVEL: 'warn',
  }
  const run = (args: string[], extra: Record<string, string> = {}) =>
    execFileSync('npx', args, { cwd: dir, stdio: 'inherit', env: { ...env, ...extra } })
  if (!fs.existsSync(path.join(dir, 'node_modules/@medusajs/medusa'))) {
    console.info(`installing Medusa in ${dir} (once)…`)
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' })
  }
  console.info('Medusa: migrating and loading the catalogue…')
  run(['medusa', 'db:migrate'])
  run(['medusa', 'exec', './src/scripts/seed.ts'], { CATALOGUE_JSON: catalogue })
  psql(databaseUrl, 'analyze')
  const ids = JSON.parse(fs.readFileSync(path.join(dir, 'medusa-ids.json'), 'utf8')) as {
    publishableKey: string
    regionId: string
  }
  const port = await freePort()
  const child = spawn('npx', ['medusa', 'start'], {
    cwd: dir,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1' },
    detached: true,
  })
  const base = `http://127.0.0.1:${port}`
  await waitFor(`${base}/health`, child)
  return {
    base,
    headers: { 'x-publishable-api-key': ids.publishableKey },
    regionId: ids.regionId,
    stop: () => stopGroup(child),
  }
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer in 120 s`)
}

/** `npx` starts Medusa as a grandchild: the whole process group is stopped. */
async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(-child.pid, 'SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))])
  if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL')
}

interface Read {
  name: string
  larder: () => string
  medusa: () => string
}

async function reads(larder: string, medusa: Medusa): Promise<Read[]> {
  const larderIds: number[] = []
  for (let page = 0; page < 5; page++) {
    const res = await fetch(`${larder}/api/public/products?page=${page}&size=100`)
    larderIds.push(...((await res.json()) as { id: number }[]).map((p) => p.id))
  }
  const medusaList = (await (
    await fetch(`${medusa.base}/store/products?limit=500&fields=id`, { headers: medusa.headers })
  ).json()) as { products: { id: string }[] }
  const medusaIds = medusaList.products.map((p) => p.id)
  if (larderIds.length === 0 || medusaIds.length === 0) throw new Error('no products to read')
  let nextLarder = 0
  let nextMedusa = 0
  const region = `region_id=${medusa.regionId}`
  return [
    {
      name: 'list page of 20',
      larder: () => '/api/public/products?page=0&size=20',
      medusa: () => `/store/products?limit=20&${region}&fields=*variants.calculated_price`,
    },
    {
      name: 'name search "ched"',
      larder: () => `/api/public/_search/products?query=${encodeURIComponent('productName:"ched*"')}&size=20`,
      medusa: () => `/store/products?q=ched&limit=20&${region}&fields=*variants.calculated_price`,
    },
    {
      name: `product by id (${Math.min(larderIds.length, medusaIds.length)} ids in turn)`,
      larder: () => `/api/public/products/${larderIds[nextLarder++ % larderIds.length]}`,
      medusa: () => `/store/products/${medusaIds[nextMedusa++ % medusaIds.length]}?${region}`,
    },
  ]
}

async function requestsPerSecond(base: string, next: () => string, headers: Record<string, string> = {}) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration,
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: next() }) }],
  })
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${base}: ${result.non2xx} non-2xx answers and ${result.errors} errors`)
  }
  return result.requests.average
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

async function main() {
  let cluster: Cluster | undefined
  let larder: RunningServer | undefined
  let larderMissing: RunningServer | undefined
  let medusa: Medusa | undefined
  const stopAll = async () => {
    await larder?.stop()
    await larderMissing?.stop()
    await medusa?.stop()
    cluster?.stop()
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void stopAll().finally(() => process.exit(130)))
  try {
    const load = os.loadavg().map((n) => n.toFixed(2))
    let clusterUrl = process.env.DATABASE_URL
    if (!clusterUrl) {
      cluster = await startCluster()
      clusterUrl = cluster.url
    }
    const larderUrl = freshDatabase(clusterUrl, 'larder_peers')
    const medusaUrl = freshDatabase(clusterUrl, 'medusa_peers')
    seed(root, larderUrl, productCount)
    const catalogue = path.join(cacheDir, 'catalogue.json')
    fs.mkdirSync(cacheDir, { recursive: true })
    exportCatalogue(larderUrl, catalogue)
    medusa = await startMedusa(medusaUrl, catalogue)
    buildServer(root)
    larder = await startServer(root, larderUrl)
    // The same build on the same database with a response cache of size 0: every read is computed.
    larderMissing = await startServer(root, larderUrl, undefined, { CACHE_MAX_MB: '0' })

    const list = await reads(larder.base, medusa)
    const rows = list.map((read) => ({
      read,
      kept: [] as number[],
      missed: [] as number[],
      medusa: [] as number[],
    }))
    console.info('warming up…')
    for (const { read } of rows) {
      await requestsPerSecond(larder.base, read.larder)
      await requestsPerSecond(medusa.base, read.medusa, medusa.headers)
    }
    for (let round = 1; round <= rounds; round++) {
      for (const row of rows) {
        console.info(`round ${round}: ${row.read.name}`)
        row.kept.push(await requestsPerSecond(larder.base, row.read.larder))
        row.missed.push(await requestsPerSecond(larderMissing.base, row.read.larder))
        row.medusa.push(await requestsPerSecond(medusa.base, row.read.medusa, medusa.headers))
      }
    }
    const fmt = (n: number) => Math.round(n).toLocaleString('en-GB')
    const table = [
      '| read | Larder, kept | Larder, cache miss | Medusa 2.21 | Larder miss ÷ Medusa |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows.map((row) => {
        const [kept, missed, peer] = [median(row.kept), median(row.missed), median(row.medusa)]
        return `| ${row.read.name} | ${fmt(kept)} | ${fmt(missed)} | ${fmt(peer)} | ${(missed / peer).toFixed(0)}× |`
      }),
    ].join('\n')
    console.info(`\n${table}\n`)
    if (process.env.BENCH_NO_DOCS !== 'true') {
      const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
        cwd: root,
        encoding: 'utf8',
      }).trim()
      const body = [
        `Requests per second, median of ${rounds} interleaved rounds of ${duration} s at ${CONNECTIONS} connections, ` +
          `${productCount.toLocaleString('en-GB')} products, one PostgreSQL 15 cluster for both; ` +
          `${new Date().toISOString().slice(0, 10)}, commit ${commit}, \`npm run bench:peers\`, ` +
          `${os.availableParallelism()} CPUs, load average at start ${load.join(', ')}.`,
        '',
        table,
      ].join('\n')
      await writeDocsSection(path.join(root, 'docs/benchmarks.md'), {
        start: MARKER_START,
        end: MARKER_END,
        body,
        intro: '## Beside Medusa',
      })
    }
  } finally {
    await stopAll()
  }
}

await main()
