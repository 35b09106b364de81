/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// The API server the dev server forwards to (npm run dev at the repo root starts it on 3000). An IPv4
// literal, because Node may resolve localhost to ::1 while the server listens on 0.0.0.0.
const API_ORIGIN = 'http://127.0.0.1:3000'

/**
 * The pages shoppers land on most, by URL pattern. Each page is a lazy chunk, so the browser would only
 * ask for it after the entry chunk has downloaded and run; preloading it from the HTML lets both download
 * together (docs/decisions/0006-web-first-load.md).
 */
const LANDING_PAGES: { pattern: string; module: string }[] = [
  { pattern: '^/$', module: 'src/features/home/home-page.tsx' },
  { pattern: '^/products(/|$)', module: 'src/features/catalog/product-listing-page.tsx' },
  { pattern: '^/product-detail/', module: 'src/features/product/product-detail-page.tsx' },
]

/**
 * Emits a tiny async module that adds `<link rel=modulepreload>` (and style preloads) for the current
 * landing page's chunk and the chunks it imports, minus what the entry already loads. External rather than
 * inline, because the CSP allows scripts from 'self' only.
 */
function landingPagePreload(): Plugin {
  return {
    name: 'larder:landing-page-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((file) => (file.type === 'chunk' ? [file] : []))
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
      const entry = chunks.find((chunk) => chunk.isEntry)
      const html = bundle['index.html']
      if (!entry || !html || html.type !== 'asset') return
      const loaded = new Set([entry.fileName, ...entry.imports])
      const closure = (fileName: string, into: Set<string>) => {
        const chunk = byName.get(fileName)
        if (!chunk || into.has(fileName) || loaded.has(fileName)) return
        into.add(fileName)
        for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css)
        for (const next of chunk.imports) closure(next, into)
      }
      const routes = LANDING_PAGES.flatMap(({ pattern, module }) => {
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${module}`))
        if (!page) throw new Error(`landing-page-preload: no chunk for ${module}`)
        const files = new Set<string>()
        closure(page.fileName, files)
        return [[pattern, [...files]]]
      })
      const source = `const r=${JSON.stringify(routes)};const p=location.pathname;for(const[x,f]of r)if(new RegExp(x).test(p)){for(const h of f){const l=document.createElement('link');l.crossOrigin='';if(h.endsWith('.css')){l.rel='preload';l.as='style'}else l.rel='modulepreload';l.href='/'+h;document.head.append(l)}break}\n`
      const ref = this.emitFile({ type: 'asset', name: 'landing-page-preload.js', source })
      const tag = `<script type="module" async src="/${this.getFileName(ref)}"></script>`
      html.source = String(html.source).replace('<script type="module"', `${tag}\n    <script type="module"`)
    },
  }
}

const ZOD_JITLESS = '\0larder:zod-jitless'

/**
 * Zod 4 probes for eval with `new Function` (and compiles object parsers with it) unless `jitless` is set
 * before the first schema is built. Our CSP forbids eval, so the probe only produced a CSP violation in
 * Chrome's Issues panel (Lighthouse best practices 96). In the browser build, every `import … from 'zod'`
 * in our own code (the shared schemas, the web's forms) gets a module that sets `jitless` and re-exports
 * zod, so the setting comes with the first schema and costs nothing on pages without one
 * (docs/decisions/0007-browser-trusts-typed-responses.md). The server keeps zod's compiled parsers.
 */
function zodJitless(): Plugin {
  return {
    name: 'larder:zod-jitless',
    apply: 'build',
    enforce: 'pre',
    resolveId(id, importer) {
      if (id === ZOD_JITLESS) return id
      const fromOurCode =
        importer !== undefined && importer !== ZOD_JITLESS && !importer.includes('/node_modules/')
      return id === 'zod' && fromOurCode ? ZOD_JITLESS : null
    },
    load: (id) =>
      id === ZOD_JITLESS
        ? "import { config } from 'zod'\nconfig({ jitless: true })\nexport * from 'zod'\n"
        : null,
  }
}

export default defineConfig({
  // Pinned to this folder: the root vitest config loads this file as a project from the repo root.
  root: import.meta.dirname,
  plugins: [react(), zodJitless(), landingPagePreload()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // Every browser the spec supports has native modulepreload; the polyfill only cost entry bytes.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/media': API_ORIGIN,
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
})
