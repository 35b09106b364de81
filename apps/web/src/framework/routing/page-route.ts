import { createElement, lazy, type ComponentType } from 'react'
import type { RouteDefinition } from './router'

/** A route of a page table: its page is a chunk of its own, which a server can also render. */
export interface PageRoute extends RouteDefinition {
  /**
   * The page's source file as the build manifest names it, for the server to preload the page's chunk and
   * stylesheets from the HTML (app/router.test.tsx checks it against what `preload` loads).
   */
  module: string
  /** Loads the page's code; once it has arrived the page renders without suspending. */
  preload: () => Promise<ComponentType>
  /**
   * 'server': the same for every visitor, rendered with its data on the server. 'browser': it depends on
   * who is looking (session, cart, a payment), so the server sends the bare shell.
   */
  render: 'server' | 'browser'
}

/**
 * Every page is its own chunk, so the first visit downloads the shell plus one page. Unlike React.lazy, a
 * page whose code has been preloaded renders at once, with no Suspense fallback in between: the browser
 * loads the page's chunk before it hydrates the server's markup of it (framework/browser/start-app.tsx).
 */
export function page(
  module: string,
  load: () => Promise<ComponentType>,
  render: PageRoute['render'] = 'server',
): Omit<PageRoute, 'path'> {
  let loaded: ComponentType | undefined
  let loading: Promise<ComponentType> | undefined
  const preload = () =>
    (loading ??= load().then((Component) => {
      loaded = Component
      return Component
    }))
  // Until the code is there, React.lazy suspends for it; from then on the page itself renders. The switch
  // never remounts a page: the lazy one cannot have rendered while `loaded` was unset.
  const Pending = lazy(async () => ({ default: await preload() }))
  function LazyPage() {
    return createElement(loaded ?? Pending)
  }
  return { module: `src/${module}.tsx`, preload, render, Component: LazyPage }
}
