import { useParams } from 'react-router'
import { PlaceholderPage } from '../../components/placeholder-page'

/** `/products2nd/{id}`: the template-style product page the free-items mall links to. */
export function ProductTemplatePage() {
  const { id = '' } = useParams()
  return (
    <PlaceholderPage
      heading="Product"
      title={`Product ${id}`}
      purpose={`Product ${id} in the gallery layout used by the free-items mall.`}
    />
  )
}
