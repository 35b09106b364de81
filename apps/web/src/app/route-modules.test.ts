import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { routes } from './router'

const WEB_ROOT = path.resolve(import.meta.dirname, '../..')

// The server preloads and styles a page by its `module` (framework/ssr/render-page.tsx); naming the wrong file would
// send the wrong chunk and stylesheets, and the page would flash unstyled or wait for its code.
describe('the route table', () => {
  it.each(routes.map((route) => [route.path, route] as const))(
    "%s names the file its page's code comes from",
    async (_path, route) => {
      const Page = await route.preload()
      const source: Record<string, unknown> = await import(
        /* @vite-ignore */ path.join(WEB_ROOT, route.module)
      )
      expect(Object.values(source)).toContain(Page)
    },
    15_000,
  )

  it('renders only pages that are the same for every visitor on the server', () => {
    const inBrowser = routes.filter((route) => route.render === 'browser').map((route) => route.path)
    expect(inBrowser).toEqual([
      '/cart-page',
      '/login',
      '/register',
      '/login/forgot-password',
      '/reset-password',
      '/test',
      '/test2',
      '/googlepay',
      '/account',
      '/order-confirmation/:orderId',
      '/vendor/*?',
      '/admin/*?',
      '/accept-invitation',
    ])
  })
})
