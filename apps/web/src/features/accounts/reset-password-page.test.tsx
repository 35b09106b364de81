import { accountMessages } from '@larder/shared'
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '../../testing/render-app'
import { ResetPasswordPage } from './reset-password-page'
import { fakeApi, type FakeReply } from '../../testing/fake-api'
import { STORAGE_KEYS } from '../../lib/storage'
import { storeSession } from '../../testing/session'

const routes = [{ path: '/reset-password', Component: ResetPasswordPage }]
const FINISH = 'POST /api/account/reset-password/finish'

function server(reply: FakeReply = { status: 200 }) {
  return fakeApi({ [FINISH]: reply })
}

async function fillPasswords(
  user: ReturnType<typeof renderRoutes>['user'],
  password: string,
  confirm: string,
) {
  if (password !== '') await user.type(screen.getByLabelText('New password'), password)
  if (confirm !== '') await user.type(screen.getByLabelText('Confirm new password'), confirm)
  await user.tab()
}

const resetButton = () => screen.getByRole('button', { name: 'Reset password' })

describe('ResetPasswordPage', () => {
  it('without a key: no form, and a way to ask for a new link', () => {
    const api = server()
    renderRoutes('/reset-password', routes)
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('this link has no reset key')
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/login/forgot-password',
    )
    expect(api.fetchMock).not.toHaveBeenCalled()
  })

  it('checks both fields, with the messages of the spec, and keeps the button disabled', async () => {
    server()
    const { user } = renderRoutes('/reset-password?key=abc', routes)
    expect(resetButton()).toBeDisabled()
    await user.click(screen.getByLabelText('New password'))
    await user.click(screen.getByLabelText('Confirm new password'))
    await user.tab()
    expect(screen.getByText(accountMessages.resetPasswordRequired)).toBeInTheDocument()
    expect(screen.getByText(accountMessages.resetConfirmRequired)).toBeInTheDocument()
    await fillPasswords(user, '12345', '12345')
    expect(screen.getAllByText('Password must be at least 6 characters long.')).toHaveLength(2)
    expect(resetButton()).toBeDisabled()
    await user.clear(screen.getByLabelText('New password'))
    await user.click(screen.getByLabelText('New password'))
    await user.paste('x'.repeat(51))
    await user.tab()
    expect(screen.getByText('Password must be no more than 50 characters long.')).toBeInTheDocument()
    expect(resetButton()).toBeDisabled()
  })

  it('says the passwords differ and sends nothing', async () => {
    const api = server()
    const { user } = renderRoutes('/reset-password?key=abc', routes)
    await fillPasswords(user, 'new-secret', 'new-secreT')
    expect(resetButton()).toBeEnabled()
    await user.click(resetButton())
    expect(screen.getByRole('alert')).toHaveTextContent(accountMessages.resetMismatch)
    expect(api.sent(FINISH)).toHaveLength(0)
    // Corrected, the two match: the message goes at once rather than at the next press.
    await user.type(screen.getByLabelText('Confirm new password'), '{Backspace}t')
    expect(screen.queryByText(accountMessages.resetMismatch)).not.toBeInTheDocument()
  })

  it('resets the password, then shows the success message and a link to log in instead of the form', async () => {
    const api = server()
    const { user } = renderRoutes('/reset-password?key=k3y-from-mail', routes)
    await fillPasswords(user, 'new-secret', 'new-secret')
    await user.click(resetButton())
    expect(await screen.findByRole('status')).toHaveTextContent(accountMessages.resetSucceeded)
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login')
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument()
    expect(api.sent(FINISH)[0]?.body).toEqual({ key: 'k3y-from-mail', newPassword: 'new-secret' })
  })

  it('ends the session this browser held, which the reset has ended on the server', async () => {
    storeSession()
    server()
    const { user } = renderRoutes('/reset-password?key=k3y-from-mail', routes)
    await fillPasswords(user, 'new-secret', 'new-secret')
    await user.click(resetButton())
    expect(await screen.findByRole('status')).toHaveTextContent(accountMessages.resetSucceeded)
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull()
    expect(window.localStorage.getItem(STORAGE_KEYS.currentUser)).toBeNull()
  })

  it('keeps the form and explains when the key is refused', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    server({ status: 400, body: { message: 'Reset key is invalid or has expired' } })
    const { user } = renderRoutes('/reset-password?key=old', routes)
    await fillPasswords(user, 'new-secret', 'new-secret')
    await user.click(resetButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.resetFinishFailed)
    expect(screen.getByLabelText('New password')).toBeInTheDocument()
    expect(resetButton()).toBeEnabled()
  })
})
