import fs from 'node:fs'
import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

const FEATURES = import.meta.dirname
const REPO = path.resolve(FEATURES, '../../../..')

type Graph = Record<string, readonly string[]>

/** Every relative module a file names: imports, re-exports, import() and vi.mock. */
function specifiers(source: string): string[] {
  const found = source.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*|\bvi\.\w+\(\s*)'(\.[^']*)'/g)
  return [...found].map((match) => match[1] ?? '')
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return filesUnder(full)
    return /\.tsx?$/.test(entry.name) ? [full] : []
  })
}

/** Which features each feature's files (tests included) import. */
function featureGraph(): Graph {
  const features = fs
    .readdirSync(FEATURES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
  const graph: Record<string, string[]> = {}
  for (const feature of features) {
    const uses = new Set<string>()
    for (const file of filesUnder(path.join(FEATURES, feature))) {
      for (const specifier of specifiers(fs.readFileSync(file, 'utf8'))) {
        const [first] = path.relative(FEATURES, path.resolve(path.dirname(file), specifier)).split(path.sep)
        if (first !== undefined && first !== feature && features.includes(first)) uses.add(first)
      }
    }
    graph[feature] = [...uses].sort()
  }
  return graph
}

/** Each cycle once, as the path that closes it (['a', 'b', 'a']), found by depth-first search. */
function cycles(graph: Graph): string[][] {
  const found = new Map<string, string[]>()
  const visit = (node: string, trail: string[]) => {
    const at = trail.indexOf(node)
    if (at !== -1) {
      const loop = trail.slice(at)
      const key = [...loop].sort().join(' ')
      if (!found.has(key)) found.set(key, [...loop, node])
      return
    }
    for (const next of graph[node] ?? []) visit(next, [...trail, node])
  }
  for (const node of Object.keys(graph)) visit(node, [])
  return [...found.values()]
}

describe('feature-level imports', () => {
  it('form no cycle: a feature never depends, through others, on itself', () => {
    expect(cycles(featureGraph())).toEqual([])
  })

  it('are found by the check when there is one', () => {
    expect(cycles({ cart: ['catalog'], catalog: ['cart'], home: ['cart'] })).toEqual([
      ['cart', 'catalog', 'cart'],
    ])
    expect(cycles({ a: ['b'], b: ['c'], c: ['a'] })).toEqual([['a', 'b', 'c', 'a']])
    expect(cycles({ a: ['b'], b: [] })).toEqual([])
  })
})

describe('the feature-boundaries lint rule', () => {
  const eslint = new ESLint({ cwd: REPO })

  /** The rule's messages for `code` as if it were the file at `file` (relative to apps/web/src). */
  async function boundaryErrors(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(REPO, 'apps/web/src', file) })
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === 'larder/feature-boundaries')
      .map((message) => message.message)
  }

  it('rejects a deep import from another feature', async () => {
    const errors = await boundaryErrors(
      'features/home/components/basket-link.tsx',
      "import { useCart } from '../../cart/cart-store'\nexport const basket = useCart\n",
    )
    expect(errors).toEqual([
      "'../../cart/cart-store' reaches inside the cart feature: import it from features/cart (its index.ts), and export it there if it is meant for other features.",
    ])
  })

  it("accepts another feature's index and a feature's own files", async () => {
    const code =
      "import { useCart } from '../../cart'\nimport { PriceBlock } from './price-block'\nexport { useCart, PriceBlock }\n"
    expect(await boundaryErrors('features/catalog/components/card.tsx', code)).toEqual([])
  })

  it("rejects a feature's own index from inside it", async () => {
    const code = "import { CartPage } from '..'\nexport { CartPage }\n"
    expect(await boundaryErrors('features/cart/components/line.tsx', code)).toHaveLength(1)
  })

  it('holds for app/ too, except the route table loading a page with import()', async () => {
    expect(
      await boundaryErrors(
        'app/router.tsx',
        "export const load = () => import('../features/cart/cart-page')\n",
      ),
    ).toEqual([])
    expect(
      await boundaryErrors(
        'app/layout/navbar.tsx',
        "import { useCart } from '../../features/cart/cart-store'\nexport { useCart }\n",
      ),
    ).toHaveLength(1)
    expect(
      await boundaryErrors(
        'app/layout/navbar.tsx',
        "export const load = () => import('../../features/cart/cart-store')\n",
      ),
    ).toHaveLength(1)
  })

  it('rejects vi.mock of another feature’s file', async () => {
    const code = "import { vi } from 'vitest'\nvi.mock('../cart/cart-store', () => ({}))\n"
    expect(await boundaryErrors('features/orders/place-order.test.ts', code)).toHaveLength(1)
  })

  it('keeps the layers in order: features never import app/, shared code never imports either', async () => {
    expect(
      await boundaryErrors(
        'features/cart/cart-panel.tsx',
        "import { routes } from '../../app/router'\nexport { routes }\n",
      ),
    ).toEqual([
      "'../../app/router' is in app/: features never import app/, which puts the features together.",
    ])
    expect(
      await boundaryErrors(
        'lib/session.ts',
        "import { useCart } from '../features/cart'\nexport { useCart }\n",
      ),
    ).toHaveLength(1)
  })

  it('counts framework/ as shared code: features and app/ import it, it imports neither', async () => {
    expect(
      await boundaryErrors(
        'features/cart/cart-panel.tsx',
        "import { Link } from '../../framework/routing/router'\nexport { Link }\n",
      ),
    ).toEqual([])
    expect(
      await boundaryErrors(
        'framework/ssr/render-page.tsx',
        "import { routes } from '../../app/router'\nexport { routes }\n",
      ),
    ).toEqual([
      "'../../app/router' is in app/: shared code (framework/, lib/, components/, config/, styles/) never imports a feature or app/.",
    ])
    expect(
      await boundaryErrors(
        'framework/routing/router.tsx',
        "import { useCart } from '../../features/cart'\nexport { useCart }\n",
      ),
    ).toHaveLength(1)
  })
})
