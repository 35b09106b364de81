import { useParams, useSearchParams } from 'react-router'
import { PlaceholderPage } from '../../components/placeholder-page'
import { categoryHeading, isShopId } from '../../lib/category-path'

/** `/products`, `/products?search=`, `/products/{shop id}` and `/products/{l1}/{l2}/{l3}`. */
export function ProductListingPage() {
  const params = useParams()
  const [searchParams] = useSearchParams()
  const search = searchParams.get('search')?.trim() ?? ''

  if (isShopId(params.l1) && params.l2 === undefined) {
    return (
      <PlaceholderPage
        heading={`Shop ${params.l1}`}
        purpose="The products of one shop, under the shop's name, with the same filters and paging as the mall."
      />
    )
  }
  const heading = categoryHeading(params)
  if (heading !== '') {
    return (
      <PlaceholderPage
        heading={heading}
        purpose="The products in this category, with the category panel, delivery-city selector and paging."
      />
    )
  }
  if (search !== '') {
    return (
      <PlaceholderPage
        heading={`Results for “${search}”`}
        purpose="Products whose name or description matches the search."
      />
    )
  }
  return (
    <PlaceholderPage
      heading="Larder mall"
      purpose="Every product from every shop, with search, the category panel, delivery-city selector and paging."
    />
  )
}
