import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '../../testing/render-app'
import { LoginPage } from './login-page'
import { RegisterPage } from './register-page'
import { fakeApi, type FakeReply } from '../../testing/fake-api'
import { ACCOUNT, storeSession } from '../../testing/session'

const routes = [
  { path: '/register', Component: RegisterPage },
  { path: '/login', Component: LoginPage },
]

async function sha256Hex(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

// The server of these tests enforces app integrity, so registrations must carry the token.
let challenge: object
beforeEach(async () => {
  challenge = {
    algorithm: 'SHA-256',
    challenge: await sha256Hex('salt42'),
    maxnumber: 100,
    salt: 'salt',
    signature: 's',
  }
})

function server(register: FakeReply = { status: 201 }) {
  return fakeApi({
    'GET /api/public/config': { body: { googleClientId: null, appCheck: 'enforce' } },
    'GET /api/app-check/challenge': () => ({ body: challenge }),
    'POST /api/app-check/token': { body: { token: 'integrity-token', ttl: 3600 } },
    'POST /api/register': register,
  })
}

const VALID = {
  Username: 'priya',
  'First name': 'Priya',
  'Last name': 'Shah',
  Email: 'priya@example.test',
  Password: 'secret-pass',
}

async function fill(user: ReturnType<typeof renderRoutes>['user'], values: Partial<typeof VALID>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label)
    await user.clear(input)
    // Pasted rather than typed: the rules are under test here, not the keyboard.
    if (value !== '') await user.paste(value)
    await user.tab()
  }
}

const registerButton = () => screen.getByRole('button', { name: 'Register' })

describe('RegisterPage', () => {
  it('tells a shopper who is logged in already who they are, with the way to their account', () => {
    storeSession({ ...ACCOUNT, firstName: 'Sam' })
    server()
    renderRoutes('/register', routes)
    expect(screen.getByText(/^You are logged in as Sam\./)).toHaveTextContent(
      'You are logged in as Sam. Go to your account, or create another account below.',
    )
    expect(screen.queryByText(/Register to check out faster/)).not.toBeInTheDocument()
  })

  it('shows no error before a field is touched, and keeps Register disabled while invalid', async () => {
    server()
    const { user } = renderRoutes('/register', routes)
    expect(registerButton()).toBeDisabled()
    await user.type(screen.getByLabelText('Username'), 'ab')
    expect(screen.queryByText('Username must be at least 3 characters long')).not.toBeInTheDocument()
    await user.tab()
    expect(screen.getByText('Username must be at least 3 characters long')).toBeInTheDocument()
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true')
  })

  it('has every message of the spec', async () => {
    server()
    const { user } = renderRoutes('/register', routes)
    for (const label of Object.keys(VALID)) {
      await user.click(screen.getByLabelText(label))
      await user.tab()
    }
    for (const message of [
      'Username is required',
      'First name is required',
      'Last name is required',
      'Email is required',
      'Password is required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument()
    }
    await fill(user, { Username: 'ab', Email: 'not-an-email', Password: '12345' })
    expect(screen.getByText('Username must be at least 3 characters long')).toBeInTheDocument()
    expect(screen.getByText('Invalid email')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters long')).toBeInTheDocument()
    expect(registerButton()).toBeDisabled()
  })

  it('enables Register only when every rule holds', async () => {
    server()
    const { user } = renderRoutes('/register', routes)
    await fill(user, VALID)
    expect(registerButton()).toBeEnabled()
    await fill(user, { 'Last name': '' })
    expect(registerButton()).toBeDisabled()
    expect(screen.getByText('Last name is required')).toBeInTheDocument()
  })

  it('registers a customer with an app-integrity token and goes to /login with a note', async () => {
    const api = server()
    const { user, router } = renderRoutes('/register', routes)
    await fill(user, { ...VALID, Username: ' priya ' })
    await user.click(registerButton())
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument()
    expect(router.pathname).toBe('/login')
    expect(screen.getByRole('status')).toHaveTextContent('Your account has been created. Please log in.')
    const [request] = api.sent('POST /api/register')
    expect(request?.body).toEqual({
      login: 'priya',
      firstName: 'Priya',
      lastName: 'Shah',
      email: 'priya@example.test',
      password: 'secret-pass',
      authorities: ['ROLE_CUSTOMER'],
    })
    expect(request?.headers.get('X-App-Check')).toBe('integrity-token')
  })

  it.each(['Login name already used!', 'Email is already in use!'])(
    "shows the server's refusal '%s' and logs it",
    async (message) => {
      const error = vi.spyOn(console, 'error').mockImplementation(() => {})
      server({ status: 400, body: { message } })
      const { user, router } = renderRoutes('/register', routes)
      await fill(user, VALID)
      await user.click(registerButton())
      expect(await screen.findByRole('alert')).toHaveTextContent(message)
      expect(router.pathname).toBe('/register')
      expect(error).toHaveBeenCalledWith('Registration failed', expect.anything())
      expect(registerButton()).toBeEnabled()
    },
  )

  it('links to the log-in page', () => {
    server()
    renderRoutes('/register', routes)
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
  })
})
