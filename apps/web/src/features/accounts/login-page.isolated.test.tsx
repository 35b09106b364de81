import { accountMessages } from '@larder/shared'
import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { subscribe, TOPICS, type Notification } from '../../lib/notifications'
import { STORAGE_KEYS } from '../../lib/storage'
import { renderRoutes } from '../../testing/render-app'
import { DemoLoginPage, DemoLoginPage2 } from './demo-login-page'
import { LoginPage } from './login-page'
import { fakeApi, type FakeRoute } from '../../testing/fake-api'
import { ACCOUNT, fakeJwt, storeSession } from '../../testing/session'

// Google's own button is an iframe from Google; this stand-in lets a test play Google's three answers.
vi.mock('@react-oauth/google', () => ({
  GoogleOAuthProvider: ({ children }: { children: React.ReactNode }) => children,
  GoogleLogin: ({
    onSuccess,
    onError,
    nonce,
  }: {
    onSuccess: (response: { credential?: string }) => void
    onError: () => void
    nonce?: string
  }) => (
    <>
      <p>Nonce for Google: {nonce}</p>
      <button type="button" onClick={() => onSuccess({ credential: 'google-id-token' })}>
        Google answers with a token
      </button>
      <button type="button" onClick={() => onSuccess({})}>
        Google answers without a token
      </button>
      <button type="button" onClick={onError}>
        Google fails
      </button>
    </>
  ),
}))

const TOKEN = fakeJwt(Date.now() + 24 * 60 * 60 * 1000)

const routes = [
  { path: '/login', Component: LoginPage },
  { path: '/test', Component: DemoLoginPage },
  { path: '/test2', Component: DemoLoginPage2 },
  { path: '/', Component: () => <p>home page</p> },
  { path: '*', Component: () => <p>another page</p> },
]

function server(overrides: Record<string, FakeRoute> = {}, googleClientId: string | null = null) {
  return fakeApi({
    'GET /api/public/config': { body: { googleClientId, appCheck: 'off' } },
    'POST /api/authenticate': { body: { id_token: TOKEN } },
    'POST /api/google-login': { body: { id_token: TOKEN } },
    'GET /api/google-login/nonce': { body: { nonce: 'server-nonce-1' } },
    'GET /api/account': { body: ACCOUNT },
    ...overrides,
  })
}

let loggedIn: Notification[]
beforeEach(() => {
  loggedIn = []
  const unsubscribe = subscribe(TOPICS.LOGGED_IN, (notification) => loggedIn.push(notification))
  return unsubscribe
})

async function logIn(
  url = '/login',
  { username = 'priya', password = 'secret-pass' } = {},
  heading = 'Log in',
) {
  const view = renderRoutes(url, routes)
  expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument()
  await view.user.type(screen.getByLabelText('Username or email'), username)
  await view.user.type(screen.getByLabelText('Password'), password)
  await view.user.click(screen.getByRole('button', { name: 'Log in' }))
  return view
}

describe('LoginPage', () => {
  it('logs in: stores the token and the user, announces LOGGED_IN and goes home', async () => {
    const api = server()
    const { router } = await logIn()
    expect(await screen.findByText('home page')).toBeInTheDocument()
    expect(router.pathname).toBe('/')
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(TOKEN)
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.currentUser) ?? 'null')).toEqual(ACCOUNT)
    expect(loggedIn).toEqual([{ topic: 'LOGGED_IN', message: 'User logged in' }])
    expect(api.sent('POST /api/authenticate')[0]?.body).toEqual({
      username: 'priya',
      password: 'secret-pass',
      rememberMe: false,
    })
    expect(api.sent('GET /api/account')[0]?.headers.get('Authorization')).toBe(`Bearer ${TOKEN}`)
  })

  it('sends rememberMe when it is ticked', async () => {
    const api = server()
    const { user } = renderRoutes('/login', routes)
    await user.type(screen.getByLabelText('Username or email'), 'priya@example.test')
    await user.type(screen.getByLabelText('Password'), 'secret-pass')
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }))
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await screen.findByText('home page')
    expect(api.sent('POST /api/authenticate')[0]?.body).toMatchObject({
      username: 'priya@example.test',
      rememberMe: true,
    })
  })

  it('shows the failure message and stays logged out', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server({ 'POST /api/authenticate': { status: 401, body: { message: 'Bad credentials' } } })
    const { router } = await logIn()
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.loginFailed)
    expect(router.pathname).toBe('/login')
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(loggedIn).toHaveLength(0)
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled()
  })

  it('tells a shopper who is logged in already who they are, with the way to their account', async () => {
    storeSession({ ...ACCOUNT, firstName: 'Sam' })
    server()
    renderRoutes('/login', routes)
    expect(screen.getByText(/^You are logged in as Sam\./)).toHaveTextContent(
      'You are logged in as Sam. Go to your account, or log in below as someone else.',
    )
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account')
  })

  it('leads a visitor to log in, with no word of a session', () => {
    server()
    renderRoutes('/login', routes)
    expect(screen.getByText('Log in with your username or e-mail address.')).toBeInTheDocument()
    expect(screen.queryByText(/You are logged in/)).not.toBeInTheDocument()
  })

  it('keeps the session already held when a new attempt fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const held = fakeJwt(Date.now() + 60 * 60 * 1000, { sub: 'someone-else' })
    storeSession({ ...ACCOUNT, firstName: 'Sam' }, held)
    server({
      'POST /api/authenticate': {
        status: 401,
        body: { message: 'Login failed. Please check your credentials.' },
        headers: { 'WWW-Authenticate': 'Bearer' },
      },
    })
    await logIn()
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.loginFailed)
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(held)
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUser)).toContain('Sam')
  })

  it('says how long to wait when the server rate-limits log-ins', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server({
      'POST /api/authenticate': {
        status: 429,
        body: { message: 'Too many requests' },
        headers: { 'Retry-After': '120' },
      },
    })
    await logIn()
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 2 minutes.',
    )
  })

  it('requires both fields and sends nothing without them', async () => {
    const api = server()
    const { user } = renderRoutes('/login', routes)
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(screen.getByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Username or email')).toHaveFocus()
    expect(api.sent('POST /api/authenticate')).toHaveLength(0)
  })

  it('stays logged in when the account cannot be loaded, and logs the failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    server({ 'GET /api/account': { status: 500, body: { message: 'Oops' } } })
    // Someone else's name from an earlier session must not stay beside the new token.
    window.localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ ...ACCOUNT, firstName: 'Sam' }))
    await logIn()
    expect(await screen.findByText('home page')).toBeInTheDocument()
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(TOKEN)
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull()
    expect(loggedIn).toHaveLength(1)
    expect(error).toHaveBeenCalledWith('Could not load the current user', expect.anything())
  })

  it('shows and hides the password', async () => {
    server()
    const { user } = renderRoutes('/login', routes)
    const password = screen.getByLabelText('Password')
    expect(password).toHaveAttribute('type', 'password')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    expect(password).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: 'Hide password' }))
    expect(password).toHaveAttribute('type', 'password')
  })

  it('links to the reset request and to registration', () => {
    server()
    renderRoutes('/login', routes)
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute(
      'href',
      '/login/forgot-password',
    )
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register')
  })

  describe('Sign in with Google', () => {
    it('is disabled and says so when Google sign-in is not configured', async () => {
      server()
      renderRoutes('/login', routes)
      expect(await screen.findByText('Google sign-in is not configured')).toBeInTheDocument()
      const button = screen.getByRole('button', { name: 'Sign in with Google' })
      expect(button).toBeDisabled()
      expect(button).toHaveAttribute('title', 'Google sign-in is not configured')
    })

    it("trades Google's ID token for a session and goes home", async () => {
      const api = server({}, 'client-id.apps.googleusercontent.com')
      const { user } = renderRoutes('/login', routes)
      // The server's nonce goes to Google, which signs it into the token the server then checks.
      expect(await screen.findByText('Nonce for Google: server-nonce-1')).toBeInTheDocument()
      await user.click(await screen.findByRole('button', { name: 'Google answers with a token' }))
      expect(await screen.findByText('home page')).toBeInTheDocument()
      expect(api.sent('POST /api/google-login')[0]?.body).toEqual({ id_token: 'google-id-token' })
      expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(TOKEN)
      expect(window.localStorage.getItem(STORAGE_KEYS.currentUser)).not.toBeNull()
      expect(loggedIn).toHaveLength(1)
    })

    it('is out of reach while a log-in is on its way', async () => {
      // The password log-in never answers, so the page stays in its submitting state.
      server({ 'POST /api/authenticate': () => new Promise(() => {}) }, 'client-id')
      const { user } = renderRoutes('/login', routes)
      const google = await screen.findByRole('button', { name: 'Google answers with a token' })
      expect(google.closest('[inert]')).toBeNull()
      await user.type(screen.getByLabelText('Username or email'), 'priya')
      await user.type(screen.getByLabelText('Password'), 'secret-pass')
      await user.click(screen.getByRole('button', { name: 'Log in' }))
      expect(screen.getByRole('button', { name: 'Logging in…' })).toHaveAttribute('aria-disabled', 'true')
      expect(google.closest('[inert]')).not.toBeNull()
    })

    it('reports an answer without a token', async () => {
      const api = server({}, 'client-id')
      const { user } = renderRoutes('/login', routes)
      await user.click(await screen.findByRole('button', { name: 'Google answers without a token' }))
      expect(screen.getByRole('alert')).toHaveTextContent(accountMessages.googleNoToken)
      expect(api.sent('POST /api/google-login')).toHaveLength(0)
    })

    it("reports Google's failure and the server's refusal alike", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {})
      server(
        { 'POST /api/google-login': { status: 401, body: { message: 'Invalid Google token' } } },
        'client-id',
      )
      const { user } = renderRoutes('/login', routes)
      await user.click(await screen.findByRole('button', { name: 'Google fails' }))
      expect(screen.getByRole('alert')).toHaveTextContent(accountMessages.googleFailed)
      await user.click(screen.getByRole('button', { name: 'Google answers with a token' }))
      expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.googleFailed)
      expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
    })
  })
})

describe('the demo login screens', () => {
  it.each([
    ['/test', 'Demo login'],
    ['/test2', 'Demo login 2'],
  ])('%s uses the same form and logs in', async (url, heading) => {
    server()
    await logIn(url, {}, heading)
    expect(await screen.findByText('home page')).toBeInTheDocument()
    expect(loggedIn).toHaveLength(1)
  })
})
