/**
 * npm run build -w @larder/web [-- --outDir <dir>]
 *
 * Builds the web app in two halves (docs/decisions/0008-server-rendered-pages.md):
 * - `<out>/client`: what browsers download, with `.vite/manifest.json` saying which files each page needs;
 * - `<out>/server/entry-server.js`: the same pages for Node, self-contained, so a build anywhere (a /tmp
 *   folder for side-by-side test runs) can be loaded by apps/server without this repo's node_modules.
 * `<out>` is apps/web/dist unless --outDir says otherwise; the server reads it from WEB_DIST.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build } from 'vite'

const root = import.meta.dirname
const configFile = path.join(root, 'vite.config.ts')
const { values } = parseArgs({ options: { outDir: { type: 'string' } } })
const out = path.resolve(values.outDir ?? path.join(root, 'dist'))
const serverDir = path.join(out, 'server')

await build({ root, configFile, build: { outDir: path.join(out, 'client') } })
await precompress(path.join(out, 'client', 'assets'))

await build({
  root,
  configFile,
  // Node runs the production React: the same code paths, and markup, as the browser's.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: serverDir,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
})

// Outside this repo no package.json says the files are ES modules.
await writeFile(path.join(serverDir, 'package.json'), '{ "type": "module" }\n')

/**
 * Brotli (quality 11) and gzip (level 9) copies of every hashed script and stylesheet, which the server
 * sends as they are (@fastify/static `preCompressed`): on-the-fly Brotli runs at quality 4 for speed, and
 * the entry chunk is 63 kB that way against 54 kB here. Small files are not worth the request header.
 */
async function precompress(dir) {
  for (const name of await readdir(dir)) {
    if (!/\.(js|css|svg)$/.test(name)) continue
    const file = path.join(dir, name)
    const body = await readFile(file)
    if (body.length < 1024) continue
    const brotli = brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    })
    await writeFile(`${file}.br`, brotli)
    await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }))
  }
}
