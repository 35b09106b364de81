import type { Shop } from '@larder/shared'
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { fakeApi } from '../../testing/fake-api'
import { expectDocumentTitle, refetchFailing, renderRoutes } from '../../testing/render-app'
import { shopsQueryOptions } from './api/get-shops'
import fallbackImage from './assets/shop-fallback.svg'

// Pages arrive as lazy chunks: on a busy machine the first render can take longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 })

const SHOPS = 'GET /api/public/users'

const shops: Shop[] = [
  {
    id: 'user-10',
    companyName: 'Botwell Patisserie',
    city: 'Hayes',
    companyAddress: '18 Station Road, Hayes UB3 4DA',
    companyPhone: '020 7946 0110',
    description: 'French pastries and British bakes side by side.',
    shopImage: '/media/shop/shortcake/fadadd.svg',
  },
  {
    id: 'user-6',
    companyName: 'Broadway Fishmongers',
    city: 'Stanmore',
    companyAddress: '51 The Broadway, Stanmore HA7 4DJ',
    companyPhone: '020 7946 0106',
    description: 'Day-boat fish from Cornwall and Scotland.',
    shopImage: null,
  },
]

// jsdom has no modal dialogs yet: the smallest stand-in for the two methods the browser provides.
function installDialogPolyfill() {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return
    this.removeAttribute('open')
    this.dispatchEvent(new Event('close'))
  }
}

function shopCard(name: string) {
  return screen.getByRole('article', { name })
}

describe('shops page', () => {
  beforeEach(() => {
    installDialogPolyfill()
  })

  it('lists every shop with its details and a link to its products', async () => {
    const { sent } = fakeApi({ [SHOPS]: { body: shops } })
    renderRoutes('/shops')
    expect(await screen.findByText('2 shops')).toBeInTheDocument()
    await expectDocumentTitle('Our shops | Larder')
    // All the shops at once: nothing is paged or filtered on the server.
    expect(sent(SHOPS).map((request) => request.query.toString())).toEqual([''])

    const card = within(shopCard('Botwell Patisserie'))
    expect(card.getByText('Hayes')).toBeInTheDocument()
    expect(card.getByText('18 Station Road, Hayes UB3 4DA')).toBeInTheDocument()
    expect(card.getByText('French pastries and British bakes side by side.')).toBeInTheDocument()
    expect(card.getByRole('link', { name: '020 7946 0110' })).toHaveAttribute('href', 'tel:02079460110')
    expect(card.getByRole('link', { name: /Visit shop/ })).toHaveAttribute('href', '/products/user-10')
  })

  it('shows the fallback picture when a shop has none or its picture fails to load', async () => {
    fakeApi({ [SHOPS]: { body: shops } })
    const { container } = renderRoutes('/shops')
    await screen.findByText('2 shops')
    const [first, second] = container.querySelectorAll<HTMLImageElement>('article img')
    if (!first || !second) throw new Error('Expected a picture on each shop card')
    expect(first).toHaveAttribute('src', '/media/shop/shortcake/fadadd.svg')
    expect(second).toHaveAttribute('src', fallbackImage)

    fireEvent.error(first)
    expect(first).toHaveAttribute('src', fallbackImage)
    // The fallback itself failing must not loop.
    fireEvent.error(first)
    expect(first).toHaveAttribute('src', fallbackImage)
  })

  it('opens a quickview dialog with the shop details and closes it with Escape', async () => {
    fakeApi({ [SHOPS]: { body: shops } })
    const { user } = renderRoutes('/shops')
    await screen.findByText('2 shops')
    const trigger = screen.getByRole('button', { name: 'Quickview: Broadway Fishmongers' })
    await user.click(trigger)

    const dialog = screen.getByRole('dialog', { name: 'Broadway Fishmongers' })
    expect(dialog).toHaveAttribute('open')
    expect(within(dialog).getByText('51 The Broadway, Stanmore HA7 4DJ')).toBeInTheDocument()
    expect(within(dialog).getByRole('link', { name: 'Visit shop' })).toHaveAttribute(
      'href',
      '/products/user-6',
    )

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(trigger).toHaveFocus()
  })

  it('closes the quickview with its close button and keeps Tab inside it', async () => {
    fakeApi({ [SHOPS]: { body: shops } })
    const { user } = renderRoutes('/shops')
    await screen.findByText('2 shops')
    await user.click(screen.getByRole('button', { name: 'Quickview: Botwell Patisserie' }))
    const dialog = screen.getByRole('dialog', { name: 'Botwell Patisserie' })
    const close = within(dialog).getByRole('button', { name: 'Close' })
    const visit = within(dialog).getByRole('link', { name: 'Visit shop' })

    visit.focus()
    await user.tab()
    expect(close).toHaveFocus()
    await user.tab({ shift: true })
    expect(visit).toHaveFocus()

    await user.click(close)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('marks the decorative filters as examples that do nothing', async () => {
    fakeApi({ [SHOPS]: { body: shops } })
    renderRoutes('/shops')
    const filters = await screen.findByRole('complementary', { name: 'Example filters' })
    for (const box of within(filters).getAllByRole('checkbox')) expect(box).toBeDisabled()
    expect(within(filters).getByRole('slider')).toBeDisabled()
  })

  it('offers a retry when the shops cannot be loaded', async () => {
    fakeApi({ [SHOPS]: { status: 503, body: { message: 'down' } } })
    const { user } = renderRoutes('/shops')
    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t load the shops just now.')

    fakeApi({ [SHOPS]: { body: shops } })
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('2 shops')).toBeInTheDocument()
  })

  it('keeps the shops it shows when fetching them again fails', async () => {
    fakeApi({ [SHOPS]: { body: shops } })
    const { queryClient } = renderRoutes('/shops')
    expect(await screen.findByText('2 shops')).toBeInTheDocument()

    await refetchFailing(queryClient, shopsQueryOptions().queryKey)
    expect(screen.getByText('2 shops')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
