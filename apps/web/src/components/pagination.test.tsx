import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Pagination } from './pagination'

function setup(page: number, total: number, size = 20) {
  const onChange = vi.fn()
  render(<Pagination page={page} total={total} size={size} onChange={onChange} />)
  const numbers = () =>
    screen.getAllByRole('button', { name: /^Page \d+ of \d+$/ }).map((button) => button.textContent)
  return { onChange, numbers, user: userEvent.setup() }
}

describe('Pagination', () => {
  it('shows five numbers around the current page with ... on both sides', () => {
    const { numbers } = setup(9, 360)
    expect(numbers()).toEqual(['8', '9', '10', '11', '12'])
    expect(screen.getAllByText('...')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Page 10 of 18' })).toHaveAttribute('aria-current', 'page')
  })

  it('disables Previous on the first page and shows ... only after the window', () => {
    const { numbers } = setup(0, 360)
    expect(numbers()).toEqual(['1', '2', '3', '4', '5'])
    expect(screen.getAllByText('...')).toHaveLength(1)
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled()
  })

  it('disables Next on the last page', () => {
    const { numbers } = setup(17, 360)
    expect(numbers()).toEqual(['14', '15', '16', '17', '18'])
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeEnabled()
  })

  it('rounds a partial last page up and shows no ... when every page fits', () => {
    const { numbers } = setup(0, 41)
    expect(numbers()).toEqual(['1', '2', '3'])
    expect(screen.queryByText('...')).not.toBeInTheDocument()
  })

  it('reports zero-based pages for numbers, Previous and Next', async () => {
    const { onChange, user } = setup(4, 360)
    await user.click(screen.getByRole('button', { name: 'Page 7 of 18' }))
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(onChange.mock.calls).toEqual([[6], [3], [5]])
  })

  it('renders nothing for a single page', () => {
    const { container } = render(<Pagination page={0} total={20} size={20} onChange={vi.fn()} />)
    expect(container).toBeEmptyDOMElement()
  })

  it('with addresses, is links to each page that a plain click keeps in the app', async () => {
    const onChange = vi.fn()
    render(
      <Pagination
        page={0}
        total={360}
        size={20}
        onChange={onChange}
        hrefFor={(page) => `/products?page=${page + 1}`}
      />,
    )
    expect(screen.getByRole('link', { name: 'Page 2 of 18' })).toHaveAttribute('href', '/products?page=2')
    expect(screen.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/products?page=2')
    expect(screen.getByRole('link', { name: 'Page 1 of 18' })).toHaveAttribute('aria-current', 'page')
    // Previous leads nowhere on the first page.
    expect(screen.queryByRole('link', { name: 'Previous' })).not.toBeInTheDocument()
    expect(screen.getByText('Previous').closest('[aria-disabled]')).toHaveAttribute('aria-disabled', 'true')
    await userEvent.setup().click(screen.getByRole('link', { name: 'Page 3 of 18' }))
    expect(onChange.mock.calls).toEqual([[2]])
  })
})
