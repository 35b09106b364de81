import { PlaceholderPage } from '../../components/placeholder-page'

export function AboutUsPage() {
  return (
    <PlaceholderPage
      heading="About us"
      purpose="Our story, our values (quality, integrity, innovation, community), why shoppers choose us and how to get in touch."
    />
  )
}
