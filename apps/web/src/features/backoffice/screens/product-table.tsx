import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { VENDOR_PRODUCT_PAGE_SIZE, type VendorProduct } from '@larder/shared'
import { useId, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from '../../../framework/routing/router'
import { ApiError } from '../../../lib/api-client'
import {
  archiveVendorProduct,
  getVendorCategories,
  getVendorProducts,
  PRODUCTS_KEY,
  restoreVendorProduct,
  setVendorStock,
} from '../api/vendor-products-api'
import { productPicturesHref } from '../product-hrefs'
import styles from '../backoffice.module.css'
import { NoticeBox, TableFrame, type Notice } from '../components/form-bits'
import { parseCount, pounds } from '../components/money'

/** The table's choices, each kept in the URL so a view can be shared, reloaded or gone back to. */
const FILTERS = [
  {
    name: 'inStock',
    label: 'Stock',
    options: [
      ['', 'Any stock'],
      ['true', 'In stock'],
      ['false', 'Out of stock'],
    ],
  },
  {
    name: 'free',
    label: 'Price',
    options: [
      ['', 'Free or not'],
      ['true', 'Free'],
      ['false', 'Not free'],
    ],
  },
  {
    name: 'discounted',
    label: 'Discount',
    options: [
      ['', 'Any'],
      ['true', 'Discounted'],
      ['false', 'Not discounted'],
    ],
  },
  {
    name: 'archived',
    label: 'Show',
    options: [
      ['', 'On sale'],
      ['true', 'Archived'],
      ['all', 'All'],
    ],
  },
] as const

const SORTS = [
  ['dateCreated,desc', 'Newest first'],
  ['dateCreated,asc', 'Oldest first'],
  ['productName,asc', 'Name, A to Z'],
  ['productName,desc', 'Name, Z to A'],
  ['salePrice,asc', 'Price, low to high'],
  ['salePrice,desc', 'Price, high to low'],
  ['qty,asc', 'Stock, low to high'],
  ['qty,desc', 'Stock, high to low'],
] as const

function StockCell({ product, onSaved }: { product: VendorProduct; onSaved: (notice: Notice) => void }) {
  const id = useId()
  const queryClient = useQueryClient()
  const [text, setText] = useState(String(product.qty))
  const [error, setError] = useState<string | null>(null)
  const save = useMutation({
    mutationFn: (qty: number) => setVendorStock(product.id, qty),
    onSuccess: (saved) => {
      setError(null)
      onSaved({ tone: 'success', text: `Stock of ${saved.productName} is now ${saved.qty}.` })
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY })
    },
    onError: (failure) =>
      setError(failure instanceof ApiError && failure.fromServer ? failure.message : 'Not saved. Try again.'),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const qty = parseCount(text)
    if (!Number.isSafeInteger(qty) || qty < 0) {
      setError('Enter a whole number, 0 or more')
      return
    }
    if (qty !== product.qty) save.mutate(qty)
  }
  return (
    <form className={styles.stockForm} onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        Stock of {product.productName}
      </label>
      <input
        id={id}
        className={`${styles.input} ${styles.stockInput}`}
        inputMode="numeric"
        value={text}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button type="submit" className="button-secondary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save'}
        <span className="visually-hidden"> stock of {product.productName}</span>
      </button>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
    </form>
  )
}

/** /vendor/products: the shop's products, searched, filtered, sorted and paged on the server. */
export function ProductTable() {
  const id = useId()
  const queryClient = useQueryClient()
  const [params, setParams] = useSearchParams()
  const [notice, setNotice] = useState<Notice | null>(null)
  const [searchText, setSearchText] = useState(params.get('search') ?? '')
  const page = Math.max(0, Number(params.get('page') ?? '0') || 0)
  const sort = params.get('sort') ?? 'dateCreated,desc'

  const query: Record<string, string> = { size: String(VENDOR_PRODUCT_PAGE_SIZE), page: String(page) }
  for (const name of ['search', 'categoryId', 'inStock', 'free', 'discounted', 'archived']) {
    const value = params.get(name)
    if (value) query[name] = value
  }
  const [sortField = 'dateCreated', sortDirection = 'desc'] = sort.split(',')
  query.sort = sortField
  query.direction = sortDirection

  const list = useQuery({
    queryKey: [...PRODUCTS_KEY, 'list', query],
    queryFn: ({ signal }) => getVendorProducts(query, signal),
    placeholderData: keepPreviousData,
  })
  const categories = useQuery({
    queryKey: ['backoffice', 'categories'],
    queryFn: ({ signal }) => getVendorCategories(signal),
    staleTime: 5 * 60_000,
  })

  /** A new filter or order starts again at the first page. */
  const change = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(name, value)
        else next.delete(name)
        if (name !== 'page') next.delete('page')
        return next
      },
      { replace: name !== 'page' },
    )

  const archive = useMutation({
    mutationFn: (product: VendorProduct) =>
      product.archived ? restoreVendorProduct(product.id) : archiveVendorProduct(product.id),
    onSuccess: (saved) => {
      setNotice({
        tone: 'success',
        text: saved.archived
          ? `${saved.productName} is archived: it has left the shop.`
          : `${saved.productName} is on sale again.`,
      })
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY })
    },
    onError: () => setNotice({ tone: 'error', text: 'That did not work. Please try again.' }),
  })

  const total = list.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / VENDOR_PRODUCT_PAGE_SIZE))
  return (
    <div className={styles.panel}>
      <div className={styles.screenHeader}>
        <h2>Products</h2>
        <Link className="button-primary" to="/vendor/products/new">
          Add a product
        </Link>
      </div>
      <form
        role="search"
        className={styles.toolbar}
        onSubmit={(event) => {
          event.preventDefault()
          change('search', searchText.trim())
        }}
      >
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-search`}>
            Search by name
          </label>
          <div className={styles.searchRow}>
            <input
              id={`${id}-search`}
              className={styles.input}
              type="search"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
            <button type="submit" className="button-secondary">
              Search
            </button>
          </div>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-category`}>
            Category
          </label>
          <select
            id={`${id}-category`}
            className={styles.input}
            value={params.get('categoryId') ?? ''}
            onChange={(event) => change('categoryId', event.target.value)}
          >
            <option value="">All categories</option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.path}
              </option>
            ))}
          </select>
        </div>
        {FILTERS.map((filter) => (
          <div className={styles.field} key={filter.name}>
            <label className={styles.label} htmlFor={`${id}-${filter.name}`}>
              {filter.label}
            </label>
            <select
              id={`${id}-${filter.name}`}
              className={styles.input}
              value={params.get(filter.name) ?? ''}
              onChange={(event) => change(filter.name, event.target.value)}
            >
              {filter.options.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-sort`}>
            Order
          </label>
          <select
            id={`${id}-sort`}
            className={styles.input}
            value={sort}
            onChange={(event) => change('sort', event.target.value)}
          >
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>
      <NoticeBox notice={notice} />
      <p role="status" className={styles.muted}>
        {list.isPending
          ? 'Loading…'
          : list.isError
            ? ''
            : `${total} ${total === 1 ? 'product' : 'products'}${pages > 1 ? `, page ${page + 1} of ${pages}` : ''}`}
      </p>
      {list.isError && (
        <p role="alert" className={`${styles.alert} ${styles.alertError}`}>
          The products could not be loaded.{' '}
          <button type="button" className="button-secondary" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      )}
      {list.data && list.data.products.length > 0 && (
        <TableFrame label="Your products">
          <table className={styles.table}>
            <caption className="visually-hidden">Your products</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Category</th>
                <th scope="col">Price</th>
                <th scope="col">Stock</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.products.map((product) => (
                <tr key={product.id}>
                  <td>
                    <Link to={`/vendor/products/${product.id}`}>{product.productName}</Link>
                    <span className={styles.tags}>
                      {product.isFree && <span className={styles.tag}>Free</span>}
                      {product.status === 'RATED' && <span className={styles.tag}>Best rated</span>}
                      {product.archived && <span className={styles.tag}>Archived</span>}
                    </span>
                  </td>
                  <td className={styles.muted}>{product.categoryPath}</td>
                  <td>
                    {product.isFree ? (
                      'Free'
                    ) : product.discountPrice !== null ? (
                      <>
                        {pounds(product.discountPrice)}{' '}
                        <s className={styles.muted}>{pounds(product.salePrice)}</s>
                      </>
                    ) : (
                      pounds(product.salePrice)
                    )}
                  </td>
                  <td>
                    {/* Keyed by the stock: a saved or reloaded figure replaces what was typed. */}
                    <StockCell key={product.qty} product={product} onSaved={setNotice} />
                  </td>
                  <td>
                    <div className={styles.rowActions}>
                      {!product.archived && (
                        <Link className="button-secondary" to={productPicturesHref(product.id)}>
                          Pictures<span className="visually-hidden"> of {product.productName}</span>
                        </Link>
                      )}
                      <button
                        type="button"
                        className="button-secondary"
                        disabled={archive.isPending}
                        onClick={() => archive.mutate(product)}
                      >
                        {product.archived ? 'Restore' : 'Archive'}
                        <span className="visually-hidden"> {product.productName}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
      {list.data && list.data.products.length === 0 && (
        <p>No products match. Change the search or the filters.</p>
      )}
      {pages > 1 && (
        <nav className={styles.actions} aria-label="Pages of products">
          <button
            type="button"
            className="button-secondary"
            disabled={page === 0}
            onClick={() => change('page', String(page - 1))}
          >
            Previous page
          </button>
          <button
            type="button"
            className="button-secondary"
            disabled={page + 1 >= pages}
            onClick={() => change('page', String(page + 1))}
          >
            Next page
          </button>
        </nav>
      )}
    </div>
  )
}
