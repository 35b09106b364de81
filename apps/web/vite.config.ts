import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { inlineScripts } from './inline-scripts-plugin'

// The API server the dev server forwards to (npm run dev at the repo root starts it on 3000). An IPv4
// literal, because Node may resolve localhost to ::1 while the server listens on 0.0.0.0.
const API_ORIGIN = 'http://127.0.0.1:3000'

/** Where the server puts a rendered page's `<head>` tags (apps/server/src/plugins/web-pages.ts). */
const HEAD_MARKER = '<!--app-head-->'

/**
 * Moves the head marker after the entry's own tags, which Vite adds at the end of `<head>`: a page's
 * stylesheets must come after the global ones, in the order the browser would have added them.
 */
function headMarkerLast(): Plugin {
  return {
    name: 'larder:head-marker-last',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => {
        if (!html.includes(HEAD_MARKER)) throw new Error(`index.html has no ${HEAD_MARKER}`)
        return html
          .replace(/[ \t]*<!--app-head-->\n?/, '')
          .replace(/\s*<\/head>/, `\n    ${HEAD_MARKER}\n  </head>`)
      },
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
  // Pinned to this folder: the root vitest config extends this file for its web projects.
  root: import.meta.dirname,
  plugins: [react(), zodJitless(), headMarkerLast(), inlineScripts()],
  build: {
    // build.mjs builds into dist/client (this) and dist/server (entry-server.tsx).
    outDir: 'dist/client',
    assetsDir: 'assets',
    emptyOutDir: true,
    // For the server: which chunks and stylesheets each page needs (src/framework/ssr/page-head.ts).
    manifest: true,
    // A stylesheet per chunk: the server puts the entry's and the page's rules inline in the page (about
    // 7 kB gzip for the home page instead of the whole app's 18 kB), so the first paint waits for no
    // request; pages reached later load their chunk's stylesheet with its code (decision 0012).
    cssCodeSplit: true,
    // Every browser the spec supports has native modulepreload; the polyfill only cost entry bytes.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/media': API_ORIGIN,
    },
  },
})
