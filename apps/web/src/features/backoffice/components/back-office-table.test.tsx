import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { BackOfficeTable, pageCountOf, type Column } from './back-office-table'

interface Shop {
  id: string
  name: string
}

const columns: Column<Shop>[] = [
  { header: 'Shop', cell: (shop) => shop.name },
  {
    header: 'Actions',
    hideHeader: true,
    cell: (shop) => <button type="button">Edit {shop.name}</button>,
  },
]

describe('BackOfficeTable', () => {
  it('names each cell by its content alone: the phone label beside it is hidden from screen readers', () => {
    render(
      <BackOfficeTable
        label="Shops"
        columns={columns}
        rows={[{ id: 'a', name: 'Pinner Cheese Room' }]}
        rowKey={(shop) => shop.id}
        empty="No shops yet."
      />,
    )
    const table = screen.getByRole('table', { name: 'Shops' })
    const row = within(table).getAllByRole('row')[1]
    if (!row) throw new Error('no body row')
    expect(within(row).getByRole('cell', { name: 'Pinner Cheese Room' })).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Shops' })).toHaveAttribute('tabindex', '0')
  })

  it('says so when there are no rows, and shows no table', () => {
    render(
      <BackOfficeTable
        label="Shops"
        columns={columns}
        rows={[]}
        rowKey={(shop) => shop.id}
        empty="No shops yet."
      />,
    )
    expect(screen.getByRole('status')).toHaveTextContent('No shops yet.')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('pages by number, and by "more" when the end is unknown', async () => {
    const onPage = vi.fn()
    const { rerender } = render(
      <BackOfficeTable
        label="Shops"
        columns={columns}
        rows={[]}
        rowKey={(shop) => shop.id}
        empty="None"
        paging={{ page: 0, pageCount: pageCountOf(41, 20), onPage, note: '(41 shops)' }}
      />,
    )
    const pages = screen.getByRole('navigation', { name: 'Pages' })
    expect(pages).toHaveTextContent('Page 1 of 3 (41 shops)')
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled()
    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }))
    expect(onPage).toHaveBeenCalledWith(1)

    rerender(
      <BackOfficeTable
        label="Shops"
        columns={columns}
        rows={[]}
        rowKey={(shop) => shop.id}
        empty="None"
        paging={{ page: 1, hasNext: false, onPage, previousLabel: 'Newer', nextLabel: 'Older' }}
      />,
    )
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 2')
    expect(screen.getByRole('button', { name: 'Older' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Newer' })).toBeEnabled()
  })

  it('shows no paging when everything fits on one page', () => {
    render(
      <BackOfficeTable
        label="Shops"
        columns={columns}
        rows={[]}
        rowKey={(shop) => shop.id}
        empty="None"
        paging={{ page: 0, pageCount: pageCountOf(5, 20), onPage: () => {} }}
      />,
    )
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull()
  })
})
