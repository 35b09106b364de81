/**
 * The `<head>` tags of a server-rendered page, from the client build's manifest (`build.manifest: true`,
 * client/.vite/manifest.json): its title, its data, and the page's own files, so that the browser fetches
 * them together with the entry instead of after it (docs/decisions/0008-server-rendered-pages.md).
 */
import cardHeight from '../inline-scripts/card-height?inline-script'
import earlyClicks from '../inline-scripts/early-clicks?inline-script'
import entryAfterPaint from '../inline-scripts/entry-after-paint?inline-script'

/** One chunk of Vite's build manifest, as far as we read it. */
export interface ManifestChunk {
  file: string
  isEntry?: boolean
  /** A chunk the app loads with import(), such as a page's (read by bench/web/js-size.ts). */
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

export type Manifest = Record<string, ManifestChunk>

const isStringArray = (value: unknown) =>
  value === undefined || (Array.isArray(value) && value.every((item) => typeof item === 'string'))

function isManifestChunk(value: unknown): value is ManifestChunk {
  if (typeof value !== 'object' || value === null) return false
  const chunk = value as Record<string, unknown>
  return (
    typeof chunk.file === 'string' &&
    isStringArray(chunk.imports) &&
    isStringArray(chunk.dynamicImports) &&
    isStringArray(chunk.css)
  )
}

/** The manifest, checked, since it comes from a file on disk; throws on anything else. */
export function readManifest(value: unknown): Manifest {
  if (typeof value !== 'object' || value === null) throw new Error('The build manifest is not an object')
  for (const [key, chunk] of Object.entries(value)) {
    if (!isManifestChunk(chunk)) throw new Error(`The build manifest's entry ${key} is not a chunk`)
  }
  const manifest = value as Manifest
  if (!Object.values(manifest).some((chunk) => chunk.isEntry))
    throw new Error('The build manifest has no entry chunk')
  return manifest
}

/** Keys of `from` and of every chunk it imports statically, depth first. */
function staticClosure(manifest: Manifest, from: string, into = new Set<string>()): Set<string> {
  if (into.has(from) || !(from in manifest)) return into
  into.add(from)
  for (const next of manifest[from]?.imports ?? []) staticClosure(manifest, next, into)
  return into
}

export interface PageAssets {
  /**
   * Scripts for `<link rel="modulepreload">`: the page's chunk and its imports that the entry lacks. Not
   * the chunks it imports lazily (the cart panel, the template's dialogs, the UK towns behind "Use my
   * location"): the server renders none of them (in React 18 a lazy part of the server's markup hydrates
   * late, decision 0010), so they load when they are first needed, with their stylesheets.
   */
  scripts: string[]
  /** Stylesheets of the page's chunks beyond the entry's: its markup must be styled at first paint. */
  styles: string[]
}

/** The browser entry's chunk and the chunks it imports, which index.html loads on every page. */
export interface EntryScripts {
  file: string
  imports: string[]
}

export function entryScripts(manifest: Manifest): EntryScripts {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry)
  const chunk = key === undefined ? undefined : manifest[key]
  if (key === undefined || !chunk) throw new Error('The build manifest has no entry chunk')
  const imports = [...staticClosure(manifest, key)].filter((name) => name !== key)
  return { file: chunk.file, imports: imports.flatMap((name) => manifest[name]?.file ?? []) }
}

/** Keys of the entry chunks and of every chunk they import statically: what index.html loads. */
function entryClosure(manifest: Manifest): Set<string> {
  const loaded = new Set<string>()
  for (const key of Object.keys(manifest)) if (manifest[key]?.isEntry) staticClosure(manifest, key, loaded)
  return loaded
}

const stylesOf = (manifest: Manifest, keys: Iterable<string>) => [
  ...new Set([...keys].flatMap((key) => manifest[key]?.css ?? [])),
]

/** The stylesheets of the entry chunks, which index.html links and every page needs (the shell's). */
export function entryStyles(manifest: Manifest): string[] {
  return stylesOf(manifest, entryClosure(manifest))
}

/** What a page needs beyond the entry chunk (which index.html loads already), by its source file. */
export function pageAssets(manifest: Manifest, module: string): PageAssets {
  if (!(module in manifest)) throw new Error(`The build manifest has no chunk for ${module}`)
  const loaded = entryClosure(manifest)
  const loadedStyles = new Set(stylesOf(manifest, loaded))
  const own = [...staticClosure(manifest, module)].filter((key) => !loaded.has(key))
  return {
    scripts: own.flatMap((key) => manifest[key]?.file ?? []),
    styles: stylesOf(manifest, own).filter((file) => !loadedStyles.has(file)),
  }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char] ?? char)
}

/** A stylesheet's rules, to go into the page in a `<style>` element. */
export interface InlineStyle {
  /** The file's path in the build (`assets/….css`), kept on the element to say where the rules are from. */
  file: string
  css: string
}

/** Refuses rules that would end the `<style>` element early; Vite's minified CSS never has them. */
export function inlineStyle(file: string, css: string): InlineStyle {
  if (/<\/style/i.test(css)) throw new Error(`${file} contains "</style", which cannot be inlined`)
  return { file, css }
}

export interface HeadInput {
  title: string
  /**
   * Every rule the page's markup needs (the entry's, then the page's), inline: on a slow connection the
   * stylesheet request was the first paint's longest wait, and inline rules cannot flash unstyled.
   */
  styles: InlineStyle[]
  /** The page's own chunks beyond the entry (`PageAssets.scripts`). */
  scripts: string[]
  /**
   * serializeState's text (already safe inside a script element), for pages rendered with data. Such a
   * page loads the entry after its first paint, so `entry` says what index.html would have loaded.
   */
  state?: string
  stateId: string
  entry: EntryScripts
}

const url = (file: string) => `/${escapeHtml(file)}`

export function headTags({ title, styles, scripts, state, stateId, entry }: HeadInput): string {
  const tags = [`<title>${escapeHtml(title)}</title>`]
  for (const { file, css } of styles) {
    tags.push(`<style data-href="${url(file)}">${css}</style>`)
    // Not fetched (a disabled stylesheet link is not), but the chunk loader of Vite finds it and does
    // not download these rules again as the page's code loads, which would restyle the whole page.
    tags.push(`<link rel="stylesheet" crossorigin href="${url(file)}" disabled>`)
  }
  if (state === undefined) {
    // A page the browser renders shows nothing until its code runs: index.html's entry loads at once,
    // and the page's chunks with it.
    for (const file of scripts)
      tags.push(`<link rel="modulepreload" crossorigin fetchpriority="low" href="${url(file)}">`)
    return tags.join('\n    ')
  }
  tags.push(`<script type="application/json" id="${escapeHtml(stateId)}">${state}</script>`)
  // Only a page with markup can be clicked before it hydrates; framework/browser/start-app.tsx replays
  // what this holds.
  // The server allows each inline script by the hash of its compiled code, which must be carried as it is.
  tags.push(`<script>${earlyClicks.code}</script>`)
  // Cards below the fold stand in at their real height before the page's code has come (card-height.ts).
  tags.push(`<script>${cardHeight.code}</script>`)
  const modules = [...entry.imports, ...scripts].map(url).join(' ')
  tags.push(
    `<script data-entry="${url(entry.file)}" data-modules="${modules}">${entryAfterPaint.code}</script>`,
  )
  return tags.join('\n    ')
}
