/**
 * npm run build -w @larder/web [-- --outDir <dir>]
 *
 * Builds the web app in two halves (docs/decisions/0008-server-rendered-pages.md):
 * - `<out>/client`: what browsers download, with `.vite/manifest.json` saying which files each page needs;
 * - `<out>/server/entry-server.js`: the same pages for Node, self-contained, so a build anywhere (a /tmp
 *   folder for side-by-side test runs) can be loaded by apps/server without this repo's node_modules.
 * `<out>` is apps/web/dist unless --outDir says otherwise; the server reads it from WEB_DIST.
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { build } from 'vite'

const root = import.meta.dirname
const configFile = path.join(root, 'vite.config.ts')
const { values } = parseArgs({ options: { outDir: { type: 'string' } } })
const out = path.resolve(values.outDir ?? path.join(root, 'dist'))
const serverDir = path.join(out, 'server')

await build({ root, configFile, build: { outDir: path.join(out, 'client') } })

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
