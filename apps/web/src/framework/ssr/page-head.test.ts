import { describe, expect, it } from 'vitest'
import cardHeight from '../inline-scripts/card-height?inline-script'
import earlyClicks from '../inline-scripts/early-clicks?inline-script'
import entryAfterPaint from '../inline-scripts/entry-after-paint?inline-script'
import { entryScripts, entryStyles, pageAssets, readManifest, type Manifest } from './build-manifest'
import { escapeHtml, headTags, inlineStyle } from './page-head'

// The shape Vite writes to client/.vite/manifest.json, cut down to a shell, two pages and shared chunks.
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_jsx-runtime-1.js'],
    dynamicImports: ['src/features/home/home-page.tsx', 'src/features/cart/cart-page.tsx'],
    css: ['assets/index-1.css'],
  },
  '_jsx-runtime-1.js': { file: 'assets/jsx-runtime-1.js' },
  '_product-card-1.js': {
    file: 'assets/product-card-1.js',
    imports: ['index.html', '_jsx-runtime-1.js', '_money-1.js'],
    css: ['assets/product-card-1.css'],
  },
  '_money-1.js': { file: 'assets/money-1.js' },
  'src/features/home/home-page.tsx': {
    file: 'assets/home-page-1.js',
    imports: ['index.html', '_product-card-1.js', '_jsx-runtime-1.js'],
    dynamicImports: ['src/features/home/components/hero-carousel.tsx'],
    css: ['assets/home-page-1.css'],
  },
  'src/features/home/components/hero-carousel.tsx': {
    file: 'assets/hero-carousel-1.js',
    imports: ['_carousel-1.js', 'index.html', '_product-card-1.js'],
    css: ['assets/hero-carousel-1.css'],
  },
  '_carousel-1.js': { file: 'assets/carousel-1.js', css: ['assets/carousel-1.css'] },
  'src/features/cart/cart-page.tsx': {
    file: 'assets/cart-page-1.js',
    imports: ['index.html', '_money-1.js'],
    css: ['assets/index-1.css'],
  },
}

describe('pageAssets', () => {
  it("preloads the page's chunk and what it imports beyond the entry, with their stylesheets", () => {
    expect(pageAssets(MANIFEST, 'src/features/home/home-page.tsx')).toEqual({
      scripts: ['assets/home-page-1.js', 'assets/product-card-1.js', 'assets/money-1.js'],
      // Not the lazy hero carousel's: the server renders no lazy part, so it loads when first needed.
      styles: ['assets/home-page-1.css', 'assets/product-card-1.css'],
    })
  })

  it('leaves out what index.html loads already', () => {
    expect(pageAssets(MANIFEST, 'src/features/cart/cart-page.tsx')).toEqual({
      scripts: ['assets/cart-page-1.js', 'assets/money-1.js'],
      styles: [],
    })
  })

  it('refuses a page the build does not have', () => {
    expect(() => pageAssets(MANIFEST, 'src/features/nowhere.tsx')).toThrow(/no chunk for src\/features/)
  })
})

describe('entryScripts', () => {
  it('names the entry chunk and the chunks it imports, which index.html loads', () => {
    expect(entryScripts(MANIFEST)).toEqual({
      file: 'assets/index-1.js',
      imports: ['assets/jsx-runtime-1.js'],
    })
  })
})

describe('entryStyles', () => {
  it("lists the stylesheets of the entry and of what it imports, the shell's rules", () => {
    expect(entryStyles(MANIFEST)).toEqual(['assets/index-1.css'])
  })
})

describe('readManifest', () => {
  it('accepts a manifest and refuses anything else', () => {
    expect(readManifest(JSON.parse(JSON.stringify(MANIFEST)))).toEqual(MANIFEST)
    expect(() => readManifest(null)).toThrow()
    expect(() => readManifest({ 'index.html': { file: 3 } })).toThrow(/index.html/)
    expect(() => readManifest({ 'a.js': { file: 'a.js' } })).toThrow(/no entry/)
  })
})

/** A script's CSP source (`sha256-` and the base64 digest), as a browser computes it. */
async function sha256Source(code: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(code))
  return `sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}`
}

describe('headTags', () => {
  const entry = entryScripts(MANIFEST)

  it('writes the title escaped, the rules inline, the state, the early-click and card-height scripts, then the loader', () => {
    const head = headTags({
      title: 'Fish & <Chips> "fresh" | Larder',
      styles: [
        inlineStyle('assets/index-1.css', 'body{margin:0}'),
        inlineStyle('assets/a.css', '._a{color:red}'),
      ],
      scripts: ['assets/a.js'],
      state: '{"a":"\\u003c/script>"}',
      stateId: 'larder-state',
      entry,
    })
    expect(head.split('\n').map((line) => line.trim())).toEqual([
      '<title>Fish &amp; &lt;Chips&gt; &quot;fresh&quot; | Larder</title>',
      '<style data-href="/assets/index-1.css">body{margin:0}</style>',
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css" disabled>',
      '<style data-href="/assets/a.css">._a{color:red}</style>',
      '<link rel="stylesheet" crossorigin href="/assets/a.css" disabled>',
      '<script type="application/json" id="larder-state">{"a":"\\u003c/script>"}</script>',
      `<script>${earlyClicks.code}</script>`,
      `<script>${cardHeight.code}</script>`,
      // No script or preload the browser could fetch before the first paint: the loader adds them.
      '<script data-entry="/assets/index-1.js" data-modules="/assets/jsx-runtime-1.js /assets/a.js">' +
        `${entryAfterPaint.code}</script>`,
    ])
  })

  it('carries each inline script exactly as the CSP hash the build gives it allows', async () => {
    const head = headTags({ title: 'Larder', styles: [], scripts: [], state: '{}', stateId: 's', entry })
    const inline = [...head.matchAll(/<script(?: data-[^>]*)?>(.*?)<\/script>/g)].map(
      (match) => match[1] ?? '',
    )
    expect(inline).toHaveLength(3)
    // A script changed after its hash was taken, or carried with a byte more, would be blocked by the CSP.
    const hashes = await Promise.all(inline.map(sha256Source))
    expect(hashes).toEqual([earlyClicks.hash, cardHeight.hash, entryAfterPaint.hash])
  })

  it("preloads a browser-rendered page's chunks with index.html's entry, with no state or scripts", () => {
    const head = headTags({ title: 'Larder', styles: [], scripts: ['assets/a.js'], stateId: 's', entry })
    expect(head.split('\n').map((line) => line.trim())).toEqual([
      '<title>Larder</title>',
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/a.js">',
    ])
  })

  it('refuses rules that would close the style element', () => {
    expect(() => inlineStyle('assets/a.css', 'a::after{content:"</style><script>"}')).toThrow(/a\.css/)
  })

  it('escapes the characters that matter in text and attributes', () => {
    expect(escapeHtml(`a&b<c>d"e'f`)).toBe(`a&amp;b&lt;c&gt;d&quot;e'f`)
  })
})
