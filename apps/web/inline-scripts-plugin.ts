/**
 * The inline scripts of server-rendered pages (src/framework/inline-scripts/) are TypeScript modules like the rest
 * of the app, type-checked and linted; a page carries each as minified JavaScript in a `<script>` element,
 * allowed by the CSP through its SHA-256 rather than 'unsafe-inline' (decisions 0012, 0021 and 0029).
 *
 * `import script from './early-clicks?inline-script'` gives `{ code, hash }`: the module bundled on its own
 * by esbuild into one self-running function, and the hash of exactly that text. The same import serves
 * the server build (src/framework/ssr/page-head.ts), the dev server and the unit tests, so the tests run the code pages
 * carry. The server build also writes every script it compiled to `dist/server/inline-scripts.json`, from
 * which apps/server builds its CSP: the hashes come from the build, never from a hand-kept list.
 */
import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'
import type { Plugin } from 'vite'

const QUERY = '?inline-script'
const PREFIX = '\0larder-inline-script:'

/** Read by apps/server/src/plugins/web-pages.ts (`INLINE_SCRIPTS_FILE` there), beside entry-server.js. */
const MANIFEST_FILE = 'inline-scripts.json'

/**
 * What the scripts may use: the browsers Vite builds the app for have all of ES2020. An older browser
 * that cannot parse a script only loses what it does before hydration, as if it were not there.
 */
const TARGET = 'es2020'

export interface InlineScript {
  code: string
  hash: string
}

/** The script of `file`, bundled with what it imports, minified, and the files it was built from. */
export async function compileInlineScript(file: string): Promise<InlineScript & { inputs: string[] }> {
  const root = path.dirname(file)
  const result = await build({
    entryPoints: [file],
    absWorkingDir: root,
    bundle: true,
    write: false,
    minify: true,
    // Its own function scope: nothing but what the script sets on purpose reaches `window`.
    format: 'iife',
    platform: 'browser',
    target: TARGET,
    legalComments: 'none',
    metafile: true,
    logLevel: 'silent',
  })
  const [output] = result.outputFiles
  if (!output) throw new Error(`esbuild wrote nothing for ${file}`)
  // esbuild ends the file with a newline, which would only be a byte more in every page.
  const code = output.text.trimEnd()
  if (/<\/script/i.test(code)) throw new Error(`${file} compiles to "</script", which cannot be inlined`)
  const hash = `sha256-${createHash('sha256').update(code).digest('base64')}`
  const inputs = Object.keys(result.metafile.inputs).map((input) => path.resolve(root, input))
  return { code, hash, inputs }
}

export function inlineScripts(): Plugin {
  /** Every script compiled in this build, by its file's name without the extension. */
  const compiled = new Map<string, InlineScript>()
  return {
    name: 'larder:inline-scripts',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true })
      if (!resolved) throw new Error(`No inline script ${source} from ${String(importer)}`)
      return PREFIX + resolved.id
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null
      const file = id.slice(PREFIX.length)
      const { code, hash, inputs } = await compileInlineScript(file)
      for (const input of inputs) this.addWatchFile(input)
      compiled.set(path.basename(file, path.extname(file)), { code, hash })
      return `export default ${JSON.stringify({ code, hash })}\n`
    },
    // Written here rather than emitted as an asset: Vite's server build leaves assets out.
    async writeBundle(options) {
      // Only the server's build renders pages; the browser's bundle never carries these scripts.
      if (this.environment.config.consumer !== 'server') return
      if (!options.dir) throw new Error('The server build has no output folder')
      const scripts = Object.fromEntries([...compiled].sort(([a], [b]) => a.localeCompare(b)))
      await writeFile(path.join(options.dir, MANIFEST_FILE), `${JSON.stringify(scripts, null, 2)}\n`)
    },
  }
}
