import path from 'node:path'

/**
 * The web app's layers (docs/architecture.md, Web): shared code (framework/, lib/, components/, config/,
 * styles/) → features/<feature>/ → app/. A feature is used from outside only through its index.ts, so what it keeps
 * to itself can change without touching its neighbours; the one exception is the route table loading a
 * page with import(), as each page is a chunk of its own and an index would pull every page into the
 * shell. Feature-level cycles are checked by apps/web/src/features/feature-graph.test.ts.
 */

const SHARED = new Set(['framework', 'lib', 'components', 'config', 'styles'])
const TEST_FILE = /\.test\.tsx?$/
const PAGE_MODULE = /-page(\.tsx)?$/

/** Where a path sits in apps/web/src: { area: 'features', feature: 'cart', rest: 'cart-store' } or null. */
function locate(file) {
  const parts = file.split(path.sep)
  const src = parts.lastIndexOf('src')
  if (src < 2 || parts[src - 1] !== 'web' || parts[src - 2] !== 'apps') return null
  const [area = '', feature = '', ...rest] = parts.slice(src + 1)
  if (area !== 'features') return { area, feature: null, rest: [feature, ...rest].join('/') }
  return { area, feature, rest: rest.join('/').replace(/\.(ts|tsx)$/, '') }
}

const isIndex = (target) => target.rest === '' || target.rest === 'index'

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Features are used only through their index; no layer imports the one above it.' },
    schema: [],
    messages: {
      deepImport:
        "'{{specifier}}' reaches inside the {{feature}} feature: import it from features/{{feature}} (its index.ts), and export it there if it is meant for other features.",
      ownIndex:
        "'{{specifier}}' is this feature's own index: import the file itself, or the index imports back into the feature.",
      featureToApp:
        "'{{specifier}}' is in app/: features never import app/, which puts the features together.",
      sharedToUpper:
        "'{{specifier}}' is in {{area}}/: shared code (framework/, lib/, components/, config/, styles/) never imports a feature or app/.",
    },
  },
  create(context) {
    const filename = context.physicalFilename ?? context.filename
    const from = locate(filename)
    if (from === null) return {}

    const check = (node, specifier, dynamic) => {
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return
      const to = locate(path.resolve(path.dirname(filename), specifier))
      if (to === null) return
      const data = { specifier, feature: to.feature, area: to.area }
      if (
        SHARED.has(from.area) &&
        !TEST_FILE.test(filename) &&
        (to.area === 'features' || to.area === 'app')
      ) {
        context.report({ node, messageId: 'sharedToUpper', data })
        return
      }
      if (from.area === 'features' && to.area === 'app') {
        context.report({ node, messageId: 'featureToApp', data })
        return
      }
      if (to.area !== 'features') return
      if (from.feature === to.feature) {
        if (isIndex(to)) context.report({ node, messageId: 'ownIndex', data })
        return
      }
      if (isIndex(to)) return
      if (dynamic && from.area === 'app' && PAGE_MODULE.test(to.rest)) return
      context.report({ node, messageId: 'deepImport', data })
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value, false),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, false),
      ExportAllDeclaration: (node) => check(node.source, node.source.value, false),
      ImportExpression: (node) =>
        node.source.type === 'Literal' && check(node.source, node.source.value, true),
      // vi.mock('../cart/x') reaches inside a feature as much as an import of it does.
      CallExpression: (node) => {
        const { callee } = node
        const [first] = node.arguments
        const isMock =
          callee.type === 'MemberExpression' &&
          callee.object.type === 'Identifier' &&
          callee.object.name === 'vi' &&
          callee.property.type === 'Identifier' &&
          ['mock', 'doMock', 'unmock', 'importActual'].includes(callee.property.name)
        if (isMock && first?.type === 'Literal') check(first, first.value, false)
      },
    }
  },
}

export default { rules: { 'feature-boundaries': featureBoundaries } }
