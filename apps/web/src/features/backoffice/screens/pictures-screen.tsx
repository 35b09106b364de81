import { Link, useLocation } from '../../../framework/routing/router'
import { PicturesPanel } from '../components/pictures-panel'

/** /vendor/products/:id/pictures: one product's pictures, reached from its row in the product table. */
export function PicturesScreen() {
  const { pathname } = useLocation()
  const productId = Number(/\/products\/(\d+)\//i.exec(pathname)?.[1])
  return (
    <>
      <p>
        <Link to="/vendor/products">Back to the products</Link>
      </p>
      <PicturesPanel key={productId} productId={productId} />
    </>
  )
}
