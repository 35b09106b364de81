import { screen, within } from '@testing-library/react'
import type { MessagePage } from '@larder/shared'
import { describe, expect, it } from 'vitest'
import { fakeApi } from '../../../../testing/fake-api'
import { renderRoutes } from '../../../../testing/render-app'
import { MessagesScreen } from './messages-screen'

const PAGE: MessagePage = {
  total: 2,
  items: [
    {
      id: 1,
      name: 'Ada',
      email: 'ada@example.com',
      phone: '',
      message: 'Do you deliver to Pinner?',
      createdAt: '2026-11-20T10:00:00.000Z',
      handledAt: null,
    },
    {
      id: 2,
      name: 'Grace',
      email: '',
      phone: '020 7946 0000',
      message: 'Please ring me about an order.',
      createdAt: '2026-11-21T10:00:00.000Z',
      handledAt: null,
    },
  ],
}

describe('the contact messages screen', { timeout: 30_000 }, () => {
  it('links the e-mail address a message gives, and shows only the phone number of one that gives no address', async () => {
    fakeApi({ 'GET /api/admin/messages': { body: PAGE, headers: { 'x-total-count': '2' } } })
    renderRoutes('/admin/messages', [{ path: '/admin/messages', Component: MessagesScreen }])
    const ada = (await screen.findByText('Do you deliver to Pinner?')).closest('tr')
    const grace = screen.getByText('Please ring me about an order.').closest('tr')
    if (!ada || !grace) throw new Error('no rows')
    expect(within(ada).getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
      'href',
      'mailto:ada@example.com',
    )
    expect(within(grace).queryByRole('link')).toBeNull()
    expect(within(grace).getByText('020 7946 0000')).toBeVisible()
  })
})
