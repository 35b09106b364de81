import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy, type ComponentType, type ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppRoutes, type Shell } from '../../app/router'
import { bareShell, renderRoutes } from '../../testing/render-app'
import {
  isActivePath,
  Link,
  matchRoutes,
  NavLink,
  useLocation,
  useNavigate,
  useNavigationPending,
  useParams,
  useSearchParams,
} from './router'

const Empty = () => null

describe('matchRoutes', () => {
  const routes = [
    { path: '/products', Component: Empty },
    { path: '/products/:l1/:l2?/:l3?', Component: Empty },
    { path: '*', Component: Empty },
  ]

  it('takes the first match, and decodes each param once', () => {
    expect(matchRoutes(routes, '/products')?.route).toBe(routes[0])
    expect(matchRoutes(routes, '/products/Fresh/Vegetables%20%26%20Fruits')).toEqual({
      route: routes[1],
      params: { l1: 'Fresh', l2: 'Vegetables & Fruits', l3: undefined },
    })
    // An encoded slash stays inside its segment; '%25' is a literal percent sign, not a second escape.
    expect(matchRoutes(routes, '/products/Fish%20%2F%20Seafood/50%2520off')?.params).toEqual({
      l1: 'Fish / Seafood',
      l2: '50%20off',
      l3: undefined,
    })
  })

  it('ignores case and a trailing slash, and keeps a malformed escape as typed', () => {
    expect(matchRoutes(routes, '/Products/')?.route).toBe(routes[0])
    expect(matchRoutes(routes, '/products/100%')?.params.l1).toBe('100%')
    expect(matchRoutes(routes, '/products/a/b/c/d')?.route).toBe(routes[2])
    expect(matchRoutes(routes.slice(0, 2), '/nowhere')).toBeNull()
  })
})

describe('isActivePath', () => {
  it('matches the path or, unless end, a path below it', () => {
    expect(isActivePath('/', '/', true)).toBe(true)
    expect(isActivePath('/products', '/', true)).toBe(false)
    expect(isActivePath('/products/Bakery', '/products', false)).toBe(true)
    expect(isActivePath('/Products', '/products?search=x', false)).toBe(true)
    expect(isActivePath('/product-detail/3', '/products', false)).toBe(false)
    expect(isActivePath('/products/Bakery', '/products', true)).toBe(false)
  })
})

function Probe() {
  const { pathname, search } = useLocation()
  const params = useParams()
  return (
    <p data-testid="probe">
      {pathname}
      {search} {JSON.stringify(params)}
    </p>
  )
}

describe('Link and NavLink', () => {
  const routes = [
    {
      path: '/products/:l1?',
      Component: () => (
        <>
          <NavLink to="/products" className={({ isActive }) => (isActive ? 'on' : 'off')}>
            Products
          </NavLink>
          <NavLink to="/products/Bakery" end>
            Bakery
          </NavLink>
          <Link to="/products/Bakery">Same again</Link>
          <Link to="/products/Dairy" state={{ from: 'link' }}>
            Dairy
          </Link>
          <Link to="/products/Fish" onClick={(event) => event.preventDefault()}>
            Cancelled
          </Link>
          <Probe />
        </>
      ),
    },
  ]

  it('marks the current page and the section it is in', () => {
    renderRoutes('/products/Bakery', routes)
    expect(screen.getByRole('link', { name: 'Products' })).toHaveClass('on')
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Bakery' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Dairy' })).not.toHaveAttribute('aria-current')
  })

  it('pushes a history entry with its state, but not a second one for the page on screen', async () => {
    const { router, user } = renderRoutes('/products/Bakery', routes)
    await user.click(screen.getByRole('link', { name: 'Same again' }))
    await user.click(screen.getByRole('link', { name: 'Dairy' }))
    expect(router.history).toEqual(['/products/Bakery', '/products/Dairy'])
    expect(router.state).toEqual({ from: 'link' })
    expect(screen.getByTestId('probe')).toHaveTextContent('/products/Dairy {"l1":"Dairy"}')
    expect(screen.getByRole('link', { name: 'Products' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Bakery' })).not.toHaveAttribute('aria-current')
  })

  it("leaves modified clicks to the browser and lets the caller's onClick cancel", async () => {
    const { router, user } = renderRoutes('/products/Bakery', routes)
    // After the app has seen the click: jsdom cannot open the new tab a ctrl+click asks for.
    const noNewTab = (event: Event) => event.preventDefault()
    window.addEventListener('click', noNewTab)
    await user.click(screen.getByRole('link', { name: 'Cancelled' }))
    await user.keyboard('{Control>}')
    await user.click(screen.getByRole('link', { name: 'Dairy' }))
    await user.keyboard('{/Control}')
    window.removeEventListener('click', noNewTab)
    expect(router.history).toEqual(['/products/Bakery'])
  })
})

describe('useSearchParams', () => {
  function Filters() {
    const [params, setParams] = useSearchParams()
    const set = (key: string, value: string, replace = false) =>
      setParams(
        (current) => {
          current.set(key, value)
          return current
        },
        { replace },
      )
    return (
      <>
        <p>search: {params.get('search')}</p>
        <button type="button" onClick={() => set('page', '2')}>
          Page 2
        </button>
        <button type="button" onClick={() => set('search', 'a&b', true)}>
          Search
        </button>
        <button type="button" onClick={() => setParams(new URLSearchParams())}>
          Clear
        </button>
      </>
    )
  }

  it('reads the encoded query and navigates to the same path with a new one', async () => {
    const { router, user } = renderRoutes('/products/Bakery?search=sour%20%26%20rye', [
      { path: '/products/:l1', Component: Filters },
    ])
    expect(screen.getByText('search: sour & rye')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(router.history).toEqual([
      '/products/Bakery?search=sour%20%26%20rye',
      '/products/Bakery?search=a%26b&page=2',
    ])
    expect(screen.getByText('search: a&b')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear' }))
    expect(router.pathname).toBe('/products/Bakery')
    expect(router.search).toBe('')
  })
})

const pendingShell: Shell = {
  Layout: function Layout({ children }: { children: ReactNode }) {
    return <main aria-busy={useNavigationPending()}>{children}</main>
  },
  Loading: () => <p>first load</p>,
}

function deferredPage(text: string) {
  let release: () => void = () => undefined
  const Component = lazy(
    () =>
      new Promise<{ default: ComponentType }>((resolve) => {
        release = () => resolve({ default: () => <h1>{text}</h1> })
      }),
  )
  return { Component, release: () => act(() => release()) }
}

describe('navigation to a page whose code is still loading', () => {
  it('keeps the current page on screen, marked busy, until the next one can show', async () => {
    const slow = deferredPage('Slow page')
    const { router, user } = renderRoutes(
      '/',
      [
        {
          path: '/',
          Component: () => (
            <>
              <h1>First page</h1>
              <Link to="/slow">Go</Link>
              <Probe />
            </>
          ),
        },
        { path: '/slow', Component: slow.Component },
      ],
      pendingShell,
    )
    await user.click(screen.getByRole('link', { name: 'Go' }))
    expect(router.pathname).toBe('/slow')
    expect(screen.getByRole('heading', { name: 'First page' })).toBeInTheDocument()
    expect(screen.getByTestId('probe')).toHaveTextContent(/^\/ /)
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true')
    await slow.release()
    expect(await screen.findByRole('heading', { name: 'Slow page' })).toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'false')
  })

  it('shows the loading shell for the first page, then the page', async () => {
    const first = deferredPage('Landing page')
    renderRoutes('/', [{ path: '/', Component: first.Component }], pendingShell)
    expect(screen.getByText('first load')).toBeInTheDocument()
    await first.release()
    expect(await screen.findByRole('heading', { name: 'Landing page' })).toBeInTheDocument()
  })
})

describe('in the browser', () => {
  afterEach(() => window.history.replaceState(null, '', '/'))

  function Browse() {
    const navigate = useNavigate()
    const { pathname, state } = useLocation()
    return (
      <>
        <p>
          at {pathname} with {JSON.stringify(state)}
        </p>
        <button type="button" onClick={() => navigate('/next', { state: { selfScroll: true } })}>
          Next
        </button>
      </>
    )
  }

  it('follows history.pushState, and reads the state a navigation carried', async () => {
    window.history.replaceState(null, '', '/start')
    render(<AppRoutes routes={[{ path: '*', Component: Browse }]} shell={bareShell} />)
    expect(screen.getByText('at /start with null')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(window.location.pathname).toBe('/next')
    expect(screen.getByText('at /next with {"selfScroll":true}')).toBeInTheDocument()
    act(() => window.history.back())
    expect(await screen.findByText('at /start with null')).toBeInTheDocument()
  })
})

describe('a page that throws', () => {
  it('shows the error and recovers on the next navigation', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const Broken = () => {
      throw new Error('broken page')
    }
    const { router } = renderRoutes(
      '/broken',
      [
        { path: '/broken', Component: Broken },
        { path: '/fine', Component: () => <h1>Fine page</h1> },
      ],
      pendingShell,
    )
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong')
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('alert'))
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ message: 'broken page' }), expect.anything())
    await router.navigate('/fine')
    expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeInTheDocument()
  })
})
