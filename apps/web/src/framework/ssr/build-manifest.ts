/**
 * Which files a page needs, read from the client build's manifest (`build.manifest: true`,
 * client/.vite/manifest.json). Plain functions with no inline script in reach, so the page head and the
 * JavaScript size check (bench/web/js-size.ts) count the same files.
 */
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
