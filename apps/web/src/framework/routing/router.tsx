import { parse } from 'regexparam'
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { useRouter } from 'wouter'
import { navigate as browserNavigate, useHistoryState } from 'wouter/use-browser-location'

/**
 * The app's routing on top of wouter, which only tracks the URL. What react-router did for us and wouter
 * does not is here: params decoded in full, the page on screen kept until the next one's code has loaded,
 * history state, active links. Nothing here touches `window` or `document` while rendering, so the same
 * tree can render on a server from wouter's `<Router ssrPath>`.
 */

export interface AppLocation {
  /** As in the address bar: still percent-encoded. */
  pathname: string
  /** '' or '?…', still percent-encoded. */
  search: string
  /** The history state the navigation carried, or null. */
  state: unknown
}

export interface NavigateOptions {
  replace?: boolean
  state?: unknown
}

export type RouteParams = Readonly<Record<string, string | undefined>>

export interface RouteDefinition {
  path: string
  Component: ComponentType
}

export interface RouteMatch<R extends RouteDefinition> {
  route: R
  params: RouteParams
}

const compiled = new Map<string, { keys: string[]; pattern: RegExp }>()

function decodeSegment(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    // A stray '%' that is not an escape: show it as typed rather than fail the page.
    return value
  }
}

/**
 * The first route whose pattern (`/products/:l1/:l2?`, `*`; case-insensitive, trailing slash optional)
 * matches the still-encoded pathname, with each param then decoded once, in full. wouter's own matching
 * runs on a decodeURI'd path, which leaves `%26` (&) and `%2F` (/) encoded inside a category name.
 */
export function matchRoutes<R extends RouteDefinition>(
  routes: readonly R[],
  pathname: string,
): RouteMatch<R> | null {
  for (const route of routes) {
    let compiledPath = compiled.get(route.path)
    if (!compiledPath) {
      compiledPath = parse(route.path)
      compiled.set(route.path, compiledPath)
    }
    const found = compiledPath.pattern.exec(pathname)
    if (!found) continue
    const params: Record<string, string | undefined> = {}
    compiledPath.keys.forEach((key, index) => {
      const value = found[index + 1]
      params[key] = value === undefined ? undefined : decodeSegment(value)
    })
    return { route, params }
  }
  return null
}

const MemoryStateContext = createContext<(() => unknown) | null>(null)

export type Navigate = (to: string, options?: NavigateOptions) => void

const NavigateContext = createContext<Navigate>(browserNavigate)

/**
 * wouter's memory location (tests) keeps the history state itself and has no hook for it, and navigates
 * with its own function; this passes both down. In the browser they are `history.state` and pushState.
 */
export function MemoryLocationSource({
  read,
  navigate,
  children,
}: {
  read: () => unknown
  navigate: Navigate
  children: ReactNode
}) {
  return (
    <NavigateContext.Provider value={navigate}>
      <MemoryStateContext.Provider value={read}>{children}</MemoryStateContext.Provider>
    </NavigateContext.Provider>
  )
}

function useCurrentUrl(): AppLocation {
  const router = useRouter()
  // wouter's own useLocation and useSearch return decodeURI'd strings, which lose the difference between
  // '&' and '%26' inside a value; the location hooks underneath give the URL as it is.
  const [pathname] = router.hook(router)
  const rawSearch: string = router.searchHook(router)
  const browserState: unknown = useHistoryState()
  const readMemoryState = useContext(MemoryStateContext)
  const state = readMemoryState ? readMemoryState() : browserState
  const query = rawSearch.startsWith('?') ? rawSearch.slice(1) : rawSearch
  const search = query === '' ? '' : `?${query}`
  return useMemo(() => ({ pathname, search, state }), [pathname, search, state])
}

const LocationContext = createContext<AppLocation | null>(null)
const PendingContext = createContext(false)

/**
 * Gives the tree below the location it shows, and shows `loading` until the first page can render.
 *
 * The location below changes only in a transition, rendered in the background: while the next page's code
 * loads, the current page stays on screen and `useNavigationPending` is true; and a part of a
 * server-rendered page that React has not hydrated yet is hydrated before the change reaches it, rather
 * than thrown away and rendered again (React 18's error 421). Only the pending flag changes at once, for
 * the few small parts that show it. The first page works the same way, with `loading` as content rather
 * than a Suspense fallback, which React would hold on screen for up to 500 ms.
 *
 * With `startWithPage` (a server render, and the browser hydrating its markup) the first render is the
 * page itself: the server has no later render to show it in, and hydration must match the server.
 */
export function LocationProvider({
  loading,
  startWithPage = false,
  children,
}: {
  loading: ReactNode
  startWithPage?: boolean
  children: ReactNode
}) {
  const current = useCurrentUrl()
  const [shown, setShown] = useState<AppLocation | null>(startWithPage ? current : null)
  useEffect(() => {
    if (shown !== current) startTransition(() => setShown(current))
  }, [shown, current])
  // Until the first page shows, the loading shell's links see the URL being loaded. After that the same
  // element while only `current` changes, so that React leaves the tree below alone.
  const location = shown ?? current
  const content = useMemo(
    () => <LocationContext.Provider value={location}>{shown ? children : loading}</LocationContext.Provider>,
    [location, shown, children, loading],
  )
  return <PendingContext.Provider value={shown !== current}>{content}</PendingContext.Provider>
}

/** The location of the page on screen. */
export function useLocation(): AppLocation {
  const location = useContext(LocationContext)
  if (!location) throw new Error('Router hooks need a <LocationProvider> above them')
  return location
}

/** True while a navigation waits for its page's code. */
export function useNavigationPending(): boolean {
  return useContext(PendingContext)
}

const ParamsContext = createContext<RouteParams>({})

/** Renders the first route that matches the location, with its params; nothing if none does. */
export function RouteSwitch({ routes }: { routes: readonly RouteDefinition[] }) {
  const { pathname } = useLocation()
  const match = useMemo(() => matchRoutes(routes, pathname), [routes, pathname])
  if (!match) return null
  const { Component } = match.route
  return (
    <ParamsContext.Provider value={match.params}>
      <Component />
    </ParamsContext.Provider>
  )
}

/** The current route's params, decoded (`/products/Vegetables%20%26%20Fruits` gives 'Vegetables & Fruits'). */
export function useParams(): RouteParams {
  return useContext(ParamsContext)
}

/**
 * Pushes (or with `replace`, replaces) a history entry; `to` is an absolute path with its query. Unlike
 * wouter's useLocation it does not subscribe the caller to the URL: every link has one.
 */
export function useNavigate(): Navigate {
  return useContext(NavigateContext)
}

export type SetSearchParams = (
  next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void

/** The query string as URLSearchParams, and a setter that navigates to the same path with a new one. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const query = (typeof next === 'function' ? next(new URLSearchParams(search)) : next).toString()
      navigate(query === '' ? pathname : `${pathname}?${query}`, options)
    },
    [navigate, pathname, search],
  )
  return [params, setParams]
}

export interface LinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  to: string
  /** Replace the current history entry. By default only a link to the current URL does. */
  replace?: boolean
  state?: unknown
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>) {
  return event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey
}

/**
 * An `<a href>` that navigates in the app on a plain left click; other clicks (new tab, download) and
 * links with another target are left to the browser. The caller's onClick runs first and may cancel.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate()
  const { pathname, search } = useLocation()
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return
    event.preventDefault()
    // A link to the page on screen does not add a second history entry for it.
    navigate(to, { replace: replace ?? to === pathname + search, state })
  }
  return <a {...rest} href={to} target={target} onClick={click} />
}

function pathOf(to: string) {
  return to.split(/[?#]/, 1)[0] ?? to
}

/**
 * Whether a link's path is the current page, as react-router's NavLink decided it: the same path, or unless
 * `end`, a path below it (`/products` is active on `/products/Bakery`, not on `/product-detail/3`).
 * Case-insensitive, as routes are.
 */
export function isActivePath(pathname: string, to: string, end: boolean) {
  const current = pathname.toLowerCase()
  const target = pathOf(to).toLowerCase()
  const slashAt = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length
  return current === target || (!end && current.startsWith(target) && current.charAt(slashAt) === '/')
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string | undefined)
  /** Active only on this exact path, not below it. */
  end?: boolean
}

/** A Link that knows when it points at the current page: `aria-current="page"` and an active class. */
export function NavLink({ className, end = false, to, ...rest }: NavLinkProps) {
  const { pathname } = useLocation()
  const isActive = isActivePath(pathname, to, end)
  return (
    <Link
      {...rest}
      to={to}
      className={typeof className === 'function' ? className({ isActive }) : className}
      aria-current={isActive ? 'page' : undefined}
    />
  )
}
