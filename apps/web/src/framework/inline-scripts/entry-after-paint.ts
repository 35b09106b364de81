/**
 * Inline script of server-rendered pages, in `<head>` (compiled by the `?inline-script` import in
 * framework/ssr/page-head.ts; the server allows it by its hash in the CSP). This module runs when loaded: import
 * only its names (names.ts), never the module itself.
 *
 * A server-rendered page is complete without JavaScript until a shopper acts on it, so its scripts wait
 * for the first paint: they do not compete with the page and its first images for a slow connection, and
 * a script cannot run before that paint (docs/decisions/0012-first-paint.md). Such a page carries this
 * script instead of the entry's `<script type="module">` and modulepreloads; its element names the files
 * (`data-entry`, `data-modules`, space-separated). Clicks in the meantime are held and replayed
 * (early-clicks.ts).
 *
 * It starts the downloads when the browser reports the first contentful paint; where it cannot report
 * one, at once. A background tab paints when it is shown, so it loads nothing until then.
 *
 * The entry goes first, then the modulepreloads, `PRELOADS_PER_TASK` to a task: starting a request
 * costs the main thread about a millisecond, and the twenty of the home page in one task made a 10-22 ms
 * task just after the first paint, which Lighthouse's 4x slower phone counts as blocking. All are
 * requested long before the entry has arrived and asks for its imports.
 */
import { PRELOADS_PER_TASK } from './names'

// Read now: `currentScript` is this element only while the script runs for the first time.
const element = document.currentScript as HTMLScriptElement
let started = false

/** Adds a script or link to `<head>`, CORS-enabled like Vite's own tags, so that preloads are reused. */
function add(tag: 'script' | 'link', attributes: Record<string, string>) {
  const node = document.createElement(tag)
  node.crossOrigin = ''
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  document.head.appendChild(node)
}

/** Asks for the entry, then the page's modules a few to a task; only once. */
function start() {
  if (started) return
  started = true
  add('script', { type: 'module', src: String(element.getAttribute('data-entry')) })
  const modules = (element.getAttribute('data-modules') || '').split(' ').filter(Boolean)
  const next = () => {
    for (const href of modules.splice(0, PRELOADS_PER_TASK)) add('link', { rel: 'modulepreload', href })
    if (modules.length) setTimeout(next)
  }
  next()
}

// Browsers without paint timing report no paint to wait for.
const Observer: typeof PerformanceObserver | undefined = window.PerformanceObserver
const types: readonly string[] | undefined = Observer && Observer.supportedEntryTypes
if (!Observer || !types || types.indexOf('paint') < 0) start()
else
  new Observer((list, observer) => {
    // The first paint may be the background alone: the first contentful one is the page.
    if (!list.getEntriesByName('first-contentful-paint').length) return
    observer.disconnect()
    start()
  }).observe({ type: 'paint', buffered: true })
