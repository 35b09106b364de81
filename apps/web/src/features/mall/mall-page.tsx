import { useParams } from 'react-router'
import { PlaceholderPage } from '../../components/placeholder-page'
import { categoryHeading } from '../../lib/category-path'

export function MallPage() {
  const path = categoryHeading(useParams())
  return (
    <PlaceholderPage
      heading={path === '' ? 'Free items' : `Free items: ${path}`}
      purpose="Products given away free by our shops, with search, a category choice and paging."
    />
  )
}
