import { useLocation } from '../../../framework/routing/router'
import { ProductEditScreen } from './product-edit-screen'
import { ProductTable } from './product-table'

/** /vendor/products (the table), /vendor/products/new and /vendor/products/{id} (the form). */
export function ProductsScreen() {
  const { pathname } = useLocation()
  const rest = pathname.replace(/^\/vendor\/products\/?/i, '')
  if (rest === '') return <ProductTable />
  if (rest === 'new') return <ProductEditScreen id={null} />
  const id = /^\d{1,10}$/.test(rest) ? Number(rest) : Number.NaN
  if (!Number.isSafeInteger(id)) return <p>There is no such product. Go back to the products.</p>
  return <ProductEditScreen key={id} id={id} />
}
