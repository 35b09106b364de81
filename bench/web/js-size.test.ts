import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { Manifest } from '../../apps/web/src/framework/ssr/build-manifest'
import { measureBuild, pageModules, pageSizes, sizesMarkdown, startFiles } from './js-size'

// The shape of a real build: the entry imports React's chunk and loads pages lazily; a page imports a
// chunk of its own and one the entry has already, and loads its form's schema (with zod) lazily.
const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: [
      'src/features/accounts/login-page.tsx',
      'src/app/not-found-page.tsx',
      'src/lazy-panel.tsx',
    ],
  },
  '_react.js': { file: 'assets/react.js' },
  '_form.js': { file: 'assets/form.js', imports: ['_react.js'] },
  '_zod.js': { file: 'assets/zod.js' },
  'src/features/accounts/login-page.tsx': {
    file: 'assets/login-page.js',
    isDynamicEntry: true,
    imports: ['_form.js', '_react.js'],
    dynamicImports: ['src/features/accounts/form-schemas.ts'],
  },
  'src/features/accounts/form-schemas.ts': {
    file: 'assets/form-schemas.js',
    isDynamicEntry: true,
    imports: ['_zod.js'],
  },
  'src/app/not-found-page.tsx': { file: 'assets/not-found-page.js', isDynamicEntry: true },
  'src/lazy-panel.tsx': { file: 'assets/lazy-panel.js', isDynamicEntry: true },
}

const SIZES: Record<string, number> = {
  'assets/index.js': 60_000,
  'assets/react.js': 3_000,
  'assets/form.js': 13_000,
  'assets/login-page.js': 500,
  'assets/not-found-page.js': 700,
}

describe('the JavaScript a page loads at start', () => {
  it('is measured for the pages, not for other lazy chunks', () => {
    expect(pageModules(MANIFEST)).toEqual([
      'src/app/not-found-page.tsx',
      'src/features/accounts/login-page.tsx',
    ])
  })

  it("is the entry's files and the page's static imports, each once, without what it loads lazily", () => {
    expect(startFiles(MANIFEST, 'src/features/accounts/login-page.tsx')).toEqual([
      'assets/index.js',
      'assets/react.js',
      'assets/login-page.js',
      'assets/form.js',
    ])
  })

  it('sums the gzip sizes of those files', () => {
    const sizes = pageSizes(MANIFEST, (file) => SIZES[file] ?? Number.NaN)
    expect(sizes.map(({ module, gzipBytes }) => [module, gzipBytes])).toEqual([
      ['src/app/not-found-page.tsx', 63_700],
      ['src/features/accounts/login-page.tsx', 76_500],
    ])
    expect(sizesMarkdown(sizes).split('\n')).toEqual([
      '| Page module | JS gzip (kB) | Files |',
      '| --- | --- | --- |',
      '| `src/features/accounts/login-page.tsx` | 76.5 | 4 |',
      '| `src/app/not-found-page.tsx` | 63.7 | 3 |',
    ])
  })

  it('reads a build from disk, gzipping each file', async () => {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'larder-js-size-'))
    try {
      await mkdir(path.join(dist, 'client/.vite'), { recursive: true })
      await mkdir(path.join(dist, 'client/assets'))
      await writeFile(path.join(dist, 'client/.vite/manifest.json'), JSON.stringify(MANIFEST))
      const body = (file: string) => `export const file = ${JSON.stringify(file)};\n`.repeat(20)
      for (const chunk of Object.values(MANIFEST))
        await writeFile(path.join(dist, 'client', chunk.file), body(chunk.file))
      const [, login] = await measureBuild(dist)
      const expected = startFiles(MANIFEST, 'src/features/accounts/login-page.tsx').reduce(
        (sum, file) => sum + gzipSync(body(file)).length,
        0,
      )
      expect(login?.gzipBytes).toBe(expected)
    } finally {
      await rm(dist, { recursive: true, force: true })
    }
  })

  it('fails where there is no build rather than finding nothing to measure', async () => {
    await expect(measureBuild(path.join(os.tmpdir(), 'larder-no-build-here'))).rejects.toThrow(
      /No build at .*run npm run build first/,
    )
  })
})
