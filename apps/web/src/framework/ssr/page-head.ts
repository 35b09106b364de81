/**
 * The `<head>` tags of a server-rendered page, from the client build's manifest (`build.manifest: true`,
 * client/.vite/manifest.json): its title, its data, and the page's own files, so that the browser fetches
 * them together with the entry instead of after it (docs/decisions/0008-server-rendered-pages.md).
 */
import cardHeight from '../inline-scripts/card-height?inline-script'
import earlyClicks from '../inline-scripts/early-clicks?inline-script'
import entryAfterPaint from '../inline-scripts/entry-after-paint?inline-script'
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
