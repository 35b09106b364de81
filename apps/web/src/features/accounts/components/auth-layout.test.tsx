import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { publicConfigQueryOptions, type PublicConfig } from '../../../lib/public-config'
import { createTestQueryClient } from '../../../testing/render-app'
import { AuthLayout } from './auth-layout'

function renderWith(config: PublicConfig | undefined) {
  const client = createTestQueryClient()
  if (config) client.setQueryData(publicConfigQueryOptions().queryKey, config)
  render(
    <QueryClientProvider client={client}>
      <AuthLayout heading="Log in">form</AuthLayout>
    </QueryClientProvider>,
  )
}

const CONFIG: PublicConfig = { googleClientId: null, appCheck: 'off', chatGroupUrl: null }

describe('AuthLayout', () => {
  it('offers Google sign-in only where it is configured', () => {
    renderWith({ ...CONFIG, googleClientId: 'client.apps.googleusercontent.com' })
    expect(screen.getByText('Log in with your password or your Google account.')).toBeInTheDocument()
  })

  it.each([
    ['not configured', CONFIG],
    ['not known yet', undefined],
  ])('does not mention Google when it is %s', (_, config) => {
    renderWith(config)
    expect(screen.getByText('Log in with your username and password.')).toBeInTheDocument()
    expect(screen.queryByText(/Google/)).not.toBeInTheDocument()
  })
})
