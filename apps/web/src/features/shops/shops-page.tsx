import { PlaceholderPage } from '../../components/placeholder-page'

export function ShopsPage() {
  return (
    <PlaceholderPage
      heading="Our shops"
      purpose="The independent shops selling on Larder, each linking to its products."
    />
  )
}
