/**
 * npm run bench:web:js [-- --dist <dir>]
 * The JavaScript each page loads at start, gzip, from a build (apps/web/dist unless --dist says otherwise):
 * the entry chunk and the chunks it imports, plus the page's chunk and the chunks it imports that the entry
 * lacks. These are the files the server has the browser fetch for a page (apps/web/src/framework/ssr/build-manifest.ts,
 * whose functions are used here for that reason); chunks a page imports lazily are not counted, as they
 * load only when the shopper needs them. Exits with 1 when a page is over the budget.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import {
  entryScripts,
  pageAssets,
  readManifest,
  type Manifest,
} from '../../apps/web/src/framework/ssr/build-manifest'

/** Every storefront page loads less than this, gzip (docs/decisions/0006-web-first-load.md). */
export const PAGE_JS_BUDGET_BYTES = 100_000

export interface PageJs {
  /** The page's source file as the manifest names it, e.g. `src/features/accounts/login-page.tsx`. */
  module: string
  /** The files loaded at start, entry first, each once. */
  files: string[]
  /** Their sizes gzipped one by one with zlib's default level, the figure Vite's build report prints. */
  gzipBytes: number
}

/**
 * The route table's page modules: every page is a chunk of its own named `…-page.tsx`
 * (apps/web/src/app/router.tsx), which the app loads lazily.
 */
export function pageModules(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((key) => key.endsWith('-page.tsx') && manifest[key]?.isDynamicEntry === true)
    .sort()
}

/** The files a page loads at start: the entry's, then the page's own. */
export function startFiles(manifest: Manifest, module: string): string[] {
  const entry = entryScripts(manifest)
  return [...new Set([entry.file, ...entry.imports, ...pageAssets(manifest, module).scripts])]
}

/** `readSize` answers a file's gzip size; it is passed in so that tests need no build. */
export function pageSizes(manifest: Manifest, gzipSize: (file: string) => number): PageJs[] {
  return pageModules(manifest).map((module) => {
    const files = startFiles(manifest, module)
    return { module, files, gzipBytes: files.reduce((sum, file) => sum + gzipSize(file), 0) }
  })
}

/** Reads `<dist>/client`'s manifest and scripts; throws when there is no build there. */
export async function measureBuild(dist: string): Promise<PageJs[]> {
  const client = path.join(dist, 'client')
  const manifestFile = path.join(client, '.vite/manifest.json')
  let text: string
  try {
    text = await readFile(manifestFile, 'utf8')
  } catch (error) {
    throw new Error(`No build at ${dist} (${manifestFile} is missing): run npm run build first`, {
      cause: error,
    })
  }
  const manifest = readManifest(JSON.parse(text))
  const sizes = new Map<string, number>()
  for (const file of new Set(pageModules(manifest).flatMap((module) => startFiles(manifest, module))))
    sizes.set(file, gzipSync(await readFile(path.join(client, file))).length)
  return pageSizes(manifest, (file) => sizes.get(file) ?? 0)
}

export const kb = (bytes: number) => (bytes / 1000).toFixed(1)

/** A Markdown table of the pages, largest first, for docs/benchmarks.md. */
export function sizesMarkdown(pages: readonly PageJs[]): string {
  const rows = [...pages]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((page) => `| \`${page.module}\` | ${kb(page.gzipBytes)} | ${page.files.length} |`)
  return ['| Page module | JS gzip (kB) | Files |', '| --- | --- | --- |', ...rows].join('\n')
}

async function main(): Promise<void> {
  const repoRoot = path.resolve(import.meta.dirname, '../..')
  const { values } = parseArgs({ options: { dist: { type: 'string' } } })
  const dist = path.resolve(values.dist ?? path.join(repoRoot, 'apps/web/dist'))
  const pages = await measureBuild(dist)
  console.info(sizesMarkdown(pages))
  const over = pages.filter((page) => page.gzipBytes >= PAGE_JS_BUDGET_BYTES)
  for (const page of over)
    console.error(`${page.module}: ${kb(page.gzipBytes)} kB, over the ${kb(PAGE_JS_BUDGET_BYTES)} kB budget`)
  if (over.length > 0) process.exitCode = 1
}

// Run as a script, not when a test or the e2e budget check imports the functions above.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error)
    process.exitCode = 1
  })
}
