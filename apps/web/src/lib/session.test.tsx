import { act, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useLogout } from '../features/accounts'
import { fakeApi } from '../testing/fake-api'
import { fakeJwt, SESSION_REJECTED } from '../testing/session'
import { renderRoutes } from '../testing/render-app'
import { api } from './api-client'
import { subscribe, TOPICS, type Notification } from './notifications'
import {
  isTokenExpired,
  logout,
  readToken,
  startSession,
  tokenExpiresAt,
  useSession,
  useSessionAnnouncement,
  useSessionExpiry,
} from './session'
import { STORAGE_KEYS } from './storage'

const HOUR = 60 * 60 * 1000

function storeSession(token: string) {
  window.localStorage.setItem(STORAGE_KEYS.token, token)
  window.localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ firstName: 'Priya' }))
}

/** Collects a topic's notifications during each test of the enclosing describe. */
function listen(topic: (typeof TOPICS)[keyof typeof TOPICS]) {
  const received: Notification[] = []
  let unsubscribe = () => {}
  beforeEach(() => {
    received.length = 0
    unsubscribe = subscribe(topic, (notification) => received.push(notification))
  })
  afterEach(() => unsubscribe())
  return received
}

function expectLoggedOut() {
  expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
  expect(window.localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull()
}

function SessionProbe() {
  const { isLoggedIn, user } = useSession()
  const announcement = useSessionAnnouncement()
  const logOut = useLogout()
  useSessionExpiry()
  return (
    <>
      <p>{isLoggedIn ? `logged in as ${user?.firstName ?? '?'}` : 'logged out'}</p>
      <p role="status">{announcement}</p>
      <button type="button" onClick={logOut}>
        Logout
      </button>
    </>
  )
}

function renderProbe() {
  return renderRoutes('/', [
    { path: '/', Component: SessionProbe },
    { path: '/login', Component: () => <p>login page</p> },
  ]).router
}

describe('token expiry', () => {
  it('reads exp from the JWT payload', () => {
    const expiresAt = Date.UTC(2030, 0, 1)
    expect(tokenExpiresAt(fakeJwt(expiresAt))).toBe(expiresAt)
    expect(isTokenExpired(fakeJwt(expiresAt), expiresAt - HOUR)).toBe(false)
    expect(isTokenExpired(fakeJwt(expiresAt), expiresAt)).toBe(true)
  })

  it('leaves tokens without a readable expiry to the server', () => {
    expect(tokenExpiresAt('not-a-jwt')).toBeNull()
    expect(tokenExpiresAt('a.%%%.c')).toBeNull()
    expect(isTokenExpired('header.payload.signature')).toBe(false)
  })
})

describe('logout', () => {
  const loggedOut = listen(TOPICS.LOGGED_OUT)

  it('clears the token and the user and announces LOGGED_OUT', () => {
    storeSession(fakeJwt(Date.now() + HOUR))
    logout()
    expectLoggedOut()
    expect(loggedOut).toEqual([{ topic: 'LOGGED_OUT', message: 'User logged out' }])
  })

  it('from the page: ends the session on the server, goes to /login and tells screen readers', async () => {
    const token = fakeJwt(Date.now() + HOUR)
    storeSession(token)
    const { sent } = fakeApi({ 'POST /api/logout': { status: 204 } })
    const router = renderProbe()
    expect(screen.getByText('logged in as Priya')).toBeInTheDocument()
    await act(async () => screen.getByRole('button', { name: 'Logout' }).click())
    expect(router.pathname).toBe('/login')
    expectLoggedOut()
    expect(loggedOut).toHaveLength(1)
    expect(sent('POST /api/logout').map((request) => request.headers.get('Authorization'))).toEqual([
      `Bearer ${token}`,
    ])
  })

  it('logs out here even when the server cannot be told', async () => {
    storeSession(fakeJwt(Date.now() + HOUR))
    const { sent } = fakeApi({
      'POST /api/logout': () => {
        throw new TypeError('Failed to fetch')
      },
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const router = renderProbe()
    await act(async () => screen.getByRole('button', { name: 'Logout' }).click())
    expect(router.pathname).toBe('/login')
    expectLoggedOut()
    await vi.waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Could not end the session on the server', expect.anything()),
    )
    expect(sent('POST /api/logout')).toHaveLength(1)
  })
})

describe('an expired session', () => {
  const loggedOut = listen(TOPICS.LOGGED_OUT)

  it('is ended at start-up instead of being sent', async () => {
    storeSession(fakeJwt(Date.now() - 1000))
    renderProbe()
    expect(await screen.findByText('logged out')).toBeInTheDocument()
    expectLoggedOut()
    expect(loggedOut).toHaveLength(1)
    expect(screen.getByRole('status')).toHaveTextContent('You are logged out.')
  })

  it('is ended when the token runs out while the page is open', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      storeSession(fakeJwt(Date.now() + HOUR))
      renderProbe()
      expect(screen.getByText('logged in as Priya')).toBeInTheDocument()
      act(() => vi.advanceTimersByTime(HOUR - 10_000))
      expect(screen.getByText('logged in as Priya')).toBeInTheDocument()
      act(() => vi.advanceTimersByTime(10_000))
      expect(screen.getByText('logged out')).toBeInTheDocument()
      expectLoggedOut()
      expect(loggedOut).toHaveLength(1)
    } finally {
      vi.useRealTimers()
    }
  })

  it('is not sent with API calls: the call goes out anonymously', async () => {
    storeSession(fakeJwt(Date.now() - 1000))
    const { sent } = fakeApi({ 'GET /api/public/categories': { body: [] } })
    await api.get('/api/public/categories')
    expect(sent('GET /api/public/categories')[0]?.headers.has('Authorization')).toBe(false)
    expect(readToken()).toBeNull()
    expectLoggedOut()
    expect(loggedOut).toHaveLength(1)
  })

  it('that the server refuses with 401 logs the shopper out', async () => {
    storeSession(fakeJwt(Date.now() + HOUR))
    fakeApi({ 'GET /api/account': SESSION_REJECTED })
    await expect(api.get('/api/account')).rejects.toMatchObject({ status: 401 })
    expectLoggedOut()
    expect(loggedOut).toHaveLength(1)
  })

  it('ends only the refused session: a new log-in made while the answer was on its way stays', async () => {
    const old = fakeJwt(Date.now() + HOUR, { sub: 'old' })
    const fresh = fakeJwt(Date.now() + HOUR, { sub: 'fresh' })
    storeSession(old)
    let answer: (() => void) | undefined
    fakeApi({
      'GET /api/account': () =>
        new Promise((resolve) => {
          answer = () => resolve(SESSION_REJECTED)
        }),
    })
    const call = api.get('/api/account')
    await vi.waitFor(() => expect(answer).toBeDefined())
    window.localStorage.setItem(STORAGE_KEYS.token, fresh)
    answer?.()
    await expect(call).rejects.toMatchObject({ status: 401 })
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(fresh)
    expect(loggedOut).toHaveLength(0)
  })

  it('stays when a 401 refuses what was asked, not the token (a wrong password while logged in)', async () => {
    const token = fakeJwt(Date.now() + HOUR)
    storeSession(token)
    const { sent } = fakeApi({
      'POST /api/authenticate': {
        status: 401,
        body: { message: 'Login failed. Please check your credentials.' },
        headers: { 'WWW-Authenticate': 'Bearer' },
      },
    })
    await expect(api.post('/api/authenticate', {})).rejects.toMatchObject({ status: 401 })
    expect(sent('POST /api/authenticate')[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`)
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token)
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUser)).not.toBeNull()
    expect(loggedOut).toHaveLength(0)
  })

  it('a 401 to an anonymous call announces nothing', async () => {
    fakeApi({ 'POST /api/authenticate': { status: 401, body: { message: 'Bad credentials' } } })
    await expect(api.post('/api/authenticate', {})).rejects.toMatchObject({ status: 401 })
    expect(loggedOut).toHaveLength(0)
  })
})

describe('how a session ended', () => {
  const withLogin = (token: string) => {
    window.localStorage.setItem(STORAGE_KEYS.token, token)
    window.localStorage.setItem(STORAGE_KEYS.currentUser, JSON.stringify({ login: 'priya' }))
  }
  const endedFor = () => window.localStorage.getItem(STORAGE_KEYS.endedSession)

  it('is kept when the token expired: same shopper, no log-out', () => {
    withLogin(fakeJwt(Date.now() - 1000))
    expect(readToken()).toBeNull()
    expectLoggedOut()
    expect(endedFor()).toBe('priya')
  })

  it('is kept when the server refused the token', async () => {
    withLogin(fakeJwt(Date.now() + HOUR))
    fakeApi({ 'GET /api/account': SESSION_REJECTED })
    await expect(api.get('/api/account')).rejects.toMatchObject({ status: 401 })
    expectLoggedOut()
    expect(endedFor()).toBe('priya')
  })

  it('is forgotten by a log-out, and by the next log-in', () => {
    withLogin(fakeJwt(Date.now() - 1000))
    readToken()
    expect(endedFor()).toBe('priya')
    startSession(fakeJwt(Date.now() + HOUR))
    expect(endedFor()).toBeNull()
    withLogin(fakeJwt(Date.now() - 1000))
    readToken()
    logout()
    expect(endedFor()).toBeNull()
    withLogin(fakeJwt(Date.now() + HOUR))
    logout()
    expect(endedFor()).toBeNull()
  })
})

describe('useSession', () => {
  it('counts a live token as logged in', () => {
    storeSession(fakeJwt(Date.now() + HOUR))
    renderProbe()
    expect(screen.getByText('logged in as Priya')).toBeInTheDocument()
  })

  it('announces a log-in made elsewhere on the page', async () => {
    renderProbe()
    const { announceLogin } = await import('./session')
    act(() => announceLogin())
    expect(screen.getByRole('status')).toHaveTextContent('You are logged in.')
  })
})
