import { accountMessages } from '@larder/shared'
import { screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '../../testing/render-app'
import { ForgotPasswordPage } from './forgot-password-page'
import { fakeApi, type FakeReply } from '../../testing/fake-api'

const routes = [{ path: '/login/forgot-password', Component: ForgotPasswordPage }]
const INIT = 'POST /api/account/all/reset-password/init'

function server(reply: FakeReply) {
  return fakeApi({
    'GET /api/public/config': { body: { googleClientId: null, appCheck: 'off' } },
    [INIT]: reply,
  })
}

async function requestReset(email = 'priya@example.test') {
  const view = renderRoutes('/login/forgot-password', routes)
  if (email !== '') await view.user.type(screen.getByLabelText('Email'), email)
  await view.user.click(screen.getByRole('button', { name: 'Reset Password' }))
  return view
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
})

describe('ForgotPasswordPage', () => {
  it('sends nothing while the e-mail is empty', async () => {
    const api = server({ body: { success: true, message: 'sent' } })
    await requestReset('')
    expect(screen.getByText('Email is required')).toBeInTheDocument()
    expect(screen.getByLabelText('Email')).toHaveFocus()
    expect(api.sent(INIT)).toHaveLength(0)
  })

  it("shows the server's success message in green", async () => {
    const api = server({ body: { success: true, message: accountMessages.resetMailSent } })
    await requestReset(' priya@example.test ')
    expect(await screen.findByRole('status')).toHaveTextContent(accountMessages.resetMailSent)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(api.sent(INIT)[0]?.body).toEqual({ email: 'priya@example.test' })
  })

  it("shows the server's message in red when it answers success: false", async () => {
    server({ body: { success: false, message: 'This account is locked.' } })
    await requestReset()
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is locked.')
  })

  it.each([
    [404, { success: false, message: 'Email address not found.' }, accountMessages.emailNotFound],
    [500, { message: 'Internal Server Error' }, accountMessages.resetMailFailed],
    [400, { message: 'Invalid email' }, accountMessages.resetUnexpected],
    [502, undefined, accountMessages.resetUnexpected],
  ])('answers a %i with its message', async (status, body, message) => {
    server({ status, body })
    await requestReset()
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(screen.queryByRole('status')).not.toBeInTheDocument()
  })

  it('says when too many requests were made', async () => {
    server({ status: 429, body: { message: 'Too many requests' }, headers: { 'Retry-After': '3600' } })
    await requestReset()
    expect(await screen.findByRole('alert')).toHaveTextContent('Please try again in 60 minutes.')
  })

  it('sends nothing for an address that is not an e-mail', async () => {
    const api = server({ body: { success: true, message: 'sent' } })
    await requestReset('priya')
    expect(screen.getByText('Invalid email')).toBeInTheDocument()
    expect(api.sent(INIT)).toHaveLength(0)
  })
})
