import { screen, within } from '@testing-library/react'
import { beforeAll, describe, expect, it } from 'vitest'
import { expectDocumentTitle, renderRoutes } from '../../testing/render-app'
import { ContactUsPage } from './contact-us-page'

function Location({ name }: { name: string }) {
  return <p>Now on {name}</p>
}

function renderContactPage() {
  return renderRoutes('/contactus', [
    { path: '/contactus', Component: ContactUsPage },
    { path: '/products', Component: () => <Location name="products" /> },
    { path: '/cart-page', Component: () => <Location name="cart" /> },
  ])
}

const dialog = (name: string) => screen.findByRole('dialog', { name }, { timeout: 5_000 })
const toolbar = () => screen.getByRole('group', { name: 'Bakery tools' })

describe('ContactUsPage', () => {
  it('has the title, breadcrumb, contact details, map and form', async () => {
    renderContactPage()
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contact us')
    await expectDocumentTitle('Contact us | Larder')
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' })
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(breadcrumb).getByText('Contact us')).toHaveAttribute('aria-current', 'page')
    const details = screen.getByRole('region', { name: 'Get in touch' })
    expect(within(details).getAllByRole('link', { name: /^020 7946 0\d{3}$/ })).toHaveLength(2)
    expect(within(details).getAllByRole('link', { name: /@larder\.test$/ })).toHaveLength(2)
    expect(within(details).getByRole('img', { name: /Map showing the Larder shop/ })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Drop us message' })).toBeInTheDocument()
  })
})

// The dialogs are a lazy chunk: load it once up front so a busy machine cannot time out the first test.
beforeAll(async () => {
  await import('./template/template-dialogs')
})

describe('template chrome', { timeout: 20_000 }, () => {
  it('mini cart: checkout stays disabled until the terms box is ticked', async () => {
    const { user, router } = renderContactPage()
    await user.click(within(toolbar()).getByRole('button', { name: 'Cart, 8 items' }))
    const cart = await dialog('Your cart')
    expect(within(cart).getByText('8 products')).toBeInTheDocument()
    expect(within(cart).getByText('€369,00')).toBeInTheDocument()
    const checkout = within(cart).getByRole('button', { name: 'Checkout' })
    expect(checkout).toBeDisabled()
    const terms = within(cart).getByRole('checkbox', {
      name: 'I have read and agree with the terms & condition.',
    })
    await user.click(terms)
    expect(checkout).toBeEnabled()
    await user.click(terms)
    expect(checkout).toBeDisabled()
    await user.click(terms)
    await user.click(checkout)
    expect(router.pathname).toBe('/cart-page')
  })

  it('mini cart: emptying it shows the empty state with Continue shopping', async () => {
    const { user } = renderContactPage()
    await user.click(within(toolbar()).getByRole('button', { name: 'Cart, 8 items' }))
    const cart = await dialog('Your cart')
    for (const button of within(cart).getAllByRole('button', { name: /^Remove / })) await user.click(button)
    expect(within(cart).getByText('No products in the cart.')).toBeInTheDocument()
    expect(within(cart).getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/products')
    expect(within(toolbar()).getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument()
  })

  it('quick view: Sponge, Pumpkin and Velvet, quantity from 1, add to cart', async () => {
    const { user } = renderContactPage()
    await user.click(screen.getByRole('button', { name: 'Quick view: Red velvet layer cake' }))
    const quickView = await dialog('Red velvet layer cake')
    expect(within(quickView).getByText('Rated 5 out of 5')).toBeInTheDocument()
    expect(within(quickView).getByText('€58,00')).toBeInTheDocument()
    expect(within(quickView).getByText('€64,00')).toBeInTheDocument()
    const flavours = within(quickView).getByRole('group', { name: 'Flavor' })
    expect(
      within(flavours)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Sponge', 'Pumpkin', 'Velvet'])
    expect(within(flavours).getByRole('radio', { name: 'Sponge' })).toBeChecked()
    const quantity = within(quickView).getByRole('spinbutton', { name: 'Quantity' })
    expect(quantity).toHaveValue(1)
    expect(within(quickView).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled()
    await user.click(within(quickView).getByRole('button', { name: 'Increase quantity' }))
    await user.click(within(flavours).getByRole('radio', { name: 'Velvet' }))
    await user.click(within(quickView).getByRole('button', { name: 'Add to cart' }))
    expect(within(quickView).getByRole('status')).toHaveTextContent(
      '2 × Red velvet layer cake (Velvet) is a template product and not for sale: nothing was added to your cart.',
    )
    const [first, second] = within(quickView).getAllByRole('button', { name: /^Show picture/ })
    expect(first).toHaveAttribute('aria-pressed', 'true')
    if (second) await user.click(second)
    expect(second).toHaveAttribute('aria-pressed', 'true')
    expect(first).toHaveAttribute('aria-pressed', 'false')
  })

  it('search modal: the required q field leads to the search results, Escape closes it', async () => {
    const { user, router } = renderContactPage()
    const opener = within(toolbar()).getByRole('button', { name: 'Search' })
    await user.click(opener)
    const input = within(await dialog('Search products')).getByPlaceholderText('Search product here..')
    expect(input).toHaveAttribute('name', 'q')
    expect(input).toBeRequired()
    expect(input).toHaveFocus()
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog', { name: 'Search products' })).not.toBeInTheDocument()
    expect(opener).toHaveFocus()

    await user.click(opener)
    await user.type(screen.getByPlaceholderText('Search product here..'), 'sour dough{Enter}')
    expect(router.pathname).toBe('/products')
    expect(router.search).toBe('?search=sour%20dough')
  })

  it('mobile menu: collapsible groups with the bakery categories', async () => {
    const { user } = renderContactPage()
    await user.click(within(toolbar()).getByRole('button', { name: 'Bakery menu' }))
    const menu = await dialog('Menu')
    const bakery = within(menu).getByRole('button', { name: 'Bakery' })
    expect(bakery).toHaveAttribute('aria-expanded', 'true')
    const hrefs = ['Bread', 'Cakes', 'Bun', 'Pastries'].map((name) =>
      within(menu).getByRole('link', { name }).getAttribute('href'),
    )
    expect(hrefs).toEqual([
      '/products/Bakery/Bread',
      '/products/Bakery/Cakes',
      '/products/Bakery/Buns',
      '/products/Bakery/Pastries',
    ])
    await user.click(bakery)
    expect(bakery).toHaveAttribute('aria-expanded', 'false')
    expect(within(menu).queryByRole('link', { name: 'Bread' })).not.toBeInTheDocument()
    const shop = within(menu).getByRole('button', { name: 'Shop' })
    await user.click(shop)
    expect(within(menu).getByRole('link', { name: 'All categories' })).toHaveAttribute(
      'href',
      '/category-list',
    )
  })

  it('bottom bar: Home, Search, Wishlist (5), Cart (8) and User', () => {
    renderContactPage()
    const bar = screen.getByRole('navigation', { name: 'Shortcuts' })
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/')
    expect(within(bar).getByRole('button', { name: 'Search' })).toBeInTheDocument()
    expect(within(bar).getByRole('link', { name: 'Wishlist, 5 items' })).toBeInTheDocument()
    expect(within(bar).getByRole('button', { name: 'Cart, 8 items' })).toBeInTheDocument()
    expect(within(bar).getByRole('link', { name: 'User' })).toHaveAttribute('href', '/login')
  })
})
