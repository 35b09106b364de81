// Bundles the server into dist/server.js with the workspace's TypeScript inlined and npm packages left
// external, then copies the SQL migrations beside it, where db/client.ts looks for them at run time.
import { cpSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const sharedEntry = fileURLToPath(new URL('../../packages/shared/src/index.ts', import.meta.url))

/** @type {import('esbuild').Plugin} */
const inlineWorkspace = {
  name: 'inline-workspace',
  setup(b) {
    b.onResolve({ filter: /^@larder\/shared$/ }, () => ({ path: sharedEntry }))
  },
}

rmSync('dist', { recursive: true, force: true })
await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  plugins: [inlineWorkspace],
  sourcemap: true,
  logLevel: 'warning',
})
cpSync('src/db/migrations', 'dist/migrations', { recursive: true })
