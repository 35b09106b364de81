import { PlaceholderPage } from '../../components/placeholder-page'

export function TermsPage() {
  return (
    <PlaceholderPage
      heading="Terms and conditions"
      purpose="The terms of buying from Larder: age, cancellations, returns and refunds."
    />
  )
}
