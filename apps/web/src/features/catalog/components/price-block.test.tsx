import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PriceBlock } from './price-block'

function renderPrice(salePrice: number | null, discountPrice: number | null, isFree = false) {
  const { container } = render(<PriceBlock product={{ salePrice, discountPrice, isFree }} />)
  const block = container.querySelector('p')
  if (!block) throw new Error('no price block')
  return block
}

describe('PriceBlock', () => {
  it('shows the plain sale price when there is no discount', () => {
    const block = renderPrice(3.5, null)
    expect(block).toHaveTextContent(/^£3\.50$/)
    expect(block.querySelector('s')).toBeNull()
  })

  it('shows the discount price beside the struck-through sale price', () => {
    const block = renderPrice(4, 3)
    expect(block).toHaveTextContent('now £3.00was £4.00')
    expect(block.querySelector('s')).toHaveTextContent('£4.00')
  })

  it('shows £0.00 for a free item without a sale price', () => {
    const block = renderPrice(null, null, true)
    expect(block).toHaveTextContent(/^£0\.00$/)
    expect(screen.queryByText(/was/)).not.toBeInTheDocument()
  })

  it('shows £0.00 for a free item with a sale price, and the sale price struck through (decision 0023)', () => {
    const block = renderPrice(2.4, null, true)
    expect(block).toHaveTextContent('£0.00')
    expect(block.querySelector('s')).toHaveTextContent('£2.40')
  })

  it('ignores a discount price that is not below the sale price', () => {
    expect(renderPrice(2, 2.5)).toHaveTextContent(/^£2\.00$/)
  })
})
