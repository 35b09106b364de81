import { useParams } from 'react-router'
import { PlaceholderPage } from '../../components/placeholder-page'

export function ProductDetailPage() {
  const { id = '' } = useParams()
  return (
    <PlaceholderPage
      heading="Product details"
      title={`Product ${id}`}
      purpose={`Product ${id}: pictures, price, stock, ingredients and allergens, with Add to Cart.`}
    />
  )
}
