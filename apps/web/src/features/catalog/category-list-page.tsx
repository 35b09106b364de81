import { PlaceholderPage } from '../../components/placeholder-page'

export function CategoryListPage() {
  return <PlaceholderPage heading="Categories" purpose="The full category tree." />
}
