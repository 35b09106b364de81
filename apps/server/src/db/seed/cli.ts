import path from 'node:path'
import { parseArgs } from 'node:util'
import cliProgress from 'cli-progress'
import { loadConfig } from '../../config'
import { openDatabase } from '../client'
import { PREPARE_LOCK } from '../prepare'
import { DEFAULT_PRODUCT_COUNT } from './generate'
import { countProducts, seedCatalogue, type SeedSummary } from './seed'

const USAGE = `Usage: npm run seed -- [--products N] [--reset]

  --products N  how many products to generate (default ${DEFAULT_PRODUCT_COUNT}, at most 1000000)
  --reset       replace the existing catalogue (products, categories, shops and vendor users;
                order lines that point at products go with them)

The database is DATABASE_URL when set, else the embedded one in <DATA_DIR>/pglite.`

const MAX_PRODUCTS = 1_000_000

function parseOptions(argv: string[]): { products: number; reset: boolean } | { error: string } | 'help' {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        products: { type: 'string' },
        reset: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
  if (parsed.values.help) return 'help'
  const text = parsed.values.products ?? String(DEFAULT_PRODUCT_COUNT)
  const products = /^\d+$/.test(text) ? Number(text) : Number.NaN
  if (!Number.isSafeInteger(products) || products < 1 || products > MAX_PRODUCTS) {
    return { error: `--products must be a whole number from 1 to ${MAX_PRODUCTS}, not '${text}'` }
  }
  return { products, reset: parsed.values.reset }
}

function printSummary(summary: SeedSummary, seconds: number) {
  const lines = [
    ['vendor shops', summary.vendors],
    ['categories', summary.categories],
    ['products', summary.products],
    ['  free', summary.free],
    ['  discounted', summary.discounted],
    ['  best rated', summary.rated],
    ['  out of stock', summary.outOfStock],
  ] as const
  console.info(`\nSeeded in ${seconds.toFixed(1)} s:`)
  for (const [label, value] of lines)
    console.info(`  ${label.padEnd(16)}${value.toLocaleString('en-GB').padStart(10)}`)
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2))
  if (options === 'help') {
    console.info(USAGE)
    return 0
  }
  if ('error' in options) {
    console.error(`${options.error}\n\n${USAGE}`)
    return 2
  }

  // npm runs workspace scripts inside apps/server; INIT_CWD is where `npm run` was typed, so a
  // relative DATA_DIR means the same folder here as for `npm start`.
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd())
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolMax,
  })
  try {
    // Under the lock servers take to migrate, in case one is starting on the same database.
    await database.withLock(PREPARE_LOCK, () => database.migrate())
    const existing = await countProducts(database.db)
    if (existing > 0 && !options.reset) {
      console.error(
        `The database already has ${existing.toLocaleString('en-GB')} products. ` +
          'Run again with --reset to replace the catalogue, e.g. npm run seed -- --products 100000 --reset',
      )
      return 1
    }
    const where =
      database.kind === 'pglite'
        ? `embedded PGlite in ${path.join(config.dataDir, 'pglite')}`
        : 'PostgreSQL (DATABASE_URL)'
    console.info(`Seeding ${options.products.toLocaleString('en-GB')} products into ${where}`)

    const bar = new cliProgress.SingleBar(
      { format: '  {bar} {percentage}% | {value}/{total} products | {duration}s', hideCursor: true },
      cliProgress.Presets.shades_classic,
    )
    const started = performance.now()
    bar.start(options.products, 0)
    try {
      const summary = await seedCatalogue(database.db, {
        products: options.products,
        reset: options.reset,
        onProgress: (done) => bar.update(done),
      })
      bar.stop()
      printSummary(summary, (performance.now() - started) / 1000)
    } catch (error) {
      bar.stop()
      throw error
    }
    return 0
  } finally {
    await database.close()
  }
}

process.exitCode = await main()
