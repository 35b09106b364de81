import { DELIVERY_TOWNS } from '@larder/shared'
import { screen, within } from '@testing-library/react'
import type { ComponentType } from 'react'
import { describe, expect, it } from 'vitest'
import { expectDocumentTitle, renderRoutes } from '../../testing/render-app'
import { AboutUsPage } from './about-us-page'
import { PrivacyPolicyPage } from './privacy-policy-page'
import { RefundPolicyPage } from './refund-policy-page'
import { TermsPage } from './terms-page'

function renderPage(Page: ComponentType) {
  return renderRoutes('/page', [{ path: '/page', Component: Page }])
}

/** The page's text with whitespace collapsed, so a phrase split over JSX lines still matches. */
const pageText = () => (document.body.textContent ?? '').replace(/\s+/g, ' ')

function headingLevels() {
  return screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)))
}

describe('refund policy', () => {
  it('states every rule and number of the spec', async () => {
    renderPage(RefundPolicyPage)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Refund policy')
    const text = pageText()
    expect(text).toContain('Last updated 29/10/2024')
    expect(text).toContain('within 1 hour of delivery')
    expect(text).toMatch(/photo/)
    expect(text).toContain('unless it arrived damaged, spoiled or incorrect')
    expect(text).toContain('within 2 to 3 days')
    expect(text).toContain('original, unopened condition')
    expect(text).toContain('You pay the cost of sending a return, unless the error was the shop’s')
    for (const item of ['Perishable goods', 'opened or used', 'Gift cards', 'Store credit']) {
      expect(text).toContain(item)
    }
    expect(text).toContain('your order number')
    expect(text).toContain('original payment method')
    expect(text).toContain('within 3 to 4 business days')
    expect(text).toContain('We do not swap items directly')
    await expectDocumentTitle('Refund policy | Larder')
  })

  it('shows the contact details and a contents list that links to each section', () => {
    renderPage(RefundPolicyPage)
    expect(screen.getAllByRole('link', { name: '020 7946 0123' })[0]).toHaveAttribute(
      'href',
      'tel:+442079460123',
    )
    expect(screen.getAllByRole('link', { name: 'support@larder.test' })[0]).toHaveAttribute(
      'href',
      'mailto:support@larder.test',
    )
    const contents = screen.getByRole('navigation', { name: 'On this page' })
    for (const link of within(contents).getAllByRole('link')) {
      const id = link.getAttribute('href')?.slice(1) ?? ''
      expect(document.getElementById(id)).not.toBeNull()
    }
  })
})

describe('terms and conditions', () => {
  it('keeps the spec’s numbers exact', () => {
    renderPage(TermsPage)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Terms and conditions')
    const text = pageText()
    expect(text).toContain('18 or over')
    expect(text).toContain('within 15 minutes of its confirmation')
    expect(text).toContain('Orders cannot be cancelled after dispatch')
    expect(text).toContain('not returnable unless they arrive damaged')
    expect(text).toContain('within 2 to 3 days')
    expect(text).toContain('within 3 to 4 working days to your original payment method')
    expect(text).toContain('England and Wales')
    expect(text).toContain('pounds sterling (GBP)')
  })

  it('lists all fifteen delivery towns', () => {
    renderPage(TermsPage)
    const section = screen.getByRole('region', { name: /Delivery areas/ })
    const towns = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent)
    expect(towns).toEqual(DELIVERY_TOWNS.map((town) => town.city))
    expect(towns).toHaveLength(15)
  })
})

describe('privacy and cookie policy', () => {
  it('names the date, the storage keys and the only cookie', () => {
    renderPage(PrivacyPolicyPage)
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Privacy and cookie policy')
    const text = pageText()
    expect(text).toContain('Last updated 29/10/2024')
    expect(text).toContain('no tracking, advertising or analytics cookies')
    expect(text).toContain('UK GDPR')
    const table = screen.getByRole('table', { name: 'What the shop keeps in your browser' })
    const names = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.querySelector('code')?.textContent)
    expect(names).toEqual(['XSRF-TOKEN', 'jwt_token', 'currentUser', 'cartItems'])
    // The session token dies on its own too (apps/server/src/modules/accounts/session-tokens.ts).
    expect(within(table).getByRole('row', { name: /jwt_token/ })).toHaveTextContent(
      'Until you log out or it expires: after a day, or 30 days with “Remember me”',
    )
  })
})

describe('about us', () => {
  it('has the spec’s sections, the four values and a social link', async () => {
    renderPage(AboutUsPage)
    for (const name of ['Our Story', 'Our Values', 'Why Choose Us', 'Get in Touch']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument()
    }
    for (const name of ['Quality', 'Integrity', 'Innovation', 'Community']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument()
    }
    expect(screen.getByRole('link', { name: /Instagram/ })).toHaveAttribute(
      'href',
      'https://www.instagram.com/',
    )
    expect(screen.getByRole('link', { name: /Send us a message/ })).toHaveAttribute('href', '/contactus')
    await expectDocumentTitle('About us | Larder')
  })
})

describe('headings', () => {
  it.each([
    ['about us', AboutUsPage],
    ['refund policy', RefundPolicyPage],
    ['terms', TermsPage],
    ['privacy policy', PrivacyPolicyPage],
  ])('%s has one h1 and never skips a level', (_name, Page) => {
    renderPage(Page)
    const levels = headingLevels()
    expect(levels.filter((level) => level === 1)).toHaveLength(1)
    expect(levels[0]).toBe(1)
    levels.forEach((level, index) => {
      if (index > 0) expect(level - (levels[index - 1] ?? 1)).toBeLessThanOrEqual(1)
    })
  })
})
