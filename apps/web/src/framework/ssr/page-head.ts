/**
 * The `<head>` tags of a server-rendered page, from the client build's manifest (`build.manifest: true`,
 * client/.vite/manifest.json): its title, its data, and the page's own files, so that the browser fetches
 * them together with the entry instead of after it (docs/decisions/0008-server-rendered-pages.md).
 */
import cardHeight from '../inline-scripts/card-height?inline-script'
import earlyClicks from '../inline-scripts/early-clicks?inline-script'
import entryAfterPaint from '../inline-scripts/entry-after-paint?inline-script'
import { SOCIAL_IMAGE } from '@larder/shared'
import type { PageSummary, StructuredItem } from '../page/page-meta'
import type { EntryScripts } from './build-manifest'

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
  /** Description, canonical link, previews and structured data (summaryTags), for a rendered page. */
  summary?: SummaryInput
}

const url = (file: string) => `/${escapeHtml(file)}`

/** The site's name in link previews. */
const SITE_NAME = 'Larder'

export interface SummaryInput {
  title: string
  summary: PageSummary
  /** The site's public address, no trailing slash. */
  origin: string
  /** The path the page was asked for, without its query. */
  path: string
  status: number
  /** The preview picture of a page without its own. */
  defaultImage: { path: string; alt: string }
}

/** JSON inside `<script>`: `<` written `\u003c`, so no `</script>` in a product's name can end it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`

/**
 * What crawlers and link previews read: the description, the canonical link, Open Graph and Twitter card
 * tags, and the page's schema.org items as JSON-LD. A page that is not found or refused (4xx) names no
 * canonical address and no structured data: it is not a page to index.
 */
export function summaryTags({ title, summary, origin, path, status, defaultImage }: SummaryInput): string[] {
  const absolute = (target: string) => (/^https?:\/\//.test(target) ? target : `${origin}${target}`)
  const tags: string[] = []
  if (summary.description) tags.push(meta('name', 'description', summary.description))
  const found = status < 300
  const canonical = absolute(summary.canonical ?? path)
  if (found) tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}">`)
  else tags.push(meta('name', 'robots', 'noindex'))
  const image = summary.image ?? defaultImage
  tags.push(
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_GB'),
    meta('property', 'og:type', summary.type ?? 'website'),
    meta('property', 'og:title', title),
  )
  if (summary.description) tags.push(meta('property', 'og:description', summary.description))
  if (found) tags.push(meta('property', 'og:url', canonical))
  tags.push(
    meta('property', 'og:image', absolute(image.path)),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(SOCIAL_IMAGE.width)),
    meta('property', 'og:image:height', String(SOCIAL_IMAGE.height)),
    meta('property', 'og:image:alt', image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
  )
  if (summary.description) tags.push(meta('name', 'twitter:description', summary.description))
  tags.push(meta('name', 'twitter:image', absolute(image.path)), meta('name', 'twitter:image:alt', image.alt))
  if (found && summary.structuredData) {
    // A part rendered twice in one pass adds its items twice; each is written once.
    const items = new Map<string, StructuredItem>()
    for (const item of summary.structuredData(absolute)) items.set(JSON.stringify(item), item)
    for (const item of items.values())
      tags.push(
        `<script type="application/ld+json">${scriptJson({ '@context': 'https://schema.org', ...item })}</script>`,
      )
  }
  return tags
}

export function headTags({ title, styles, scripts, state, stateId, entry, summary }: HeadInput): string {
  const tags = [`<title>${escapeHtml(title)}</title>`]
  if (summary) tags.push(...summaryTags(summary))
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
