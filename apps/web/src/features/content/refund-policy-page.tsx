import { PlaceholderPage } from '../../components/placeholder-page'

export function RefundPolicyPage() {
  return (
    <PlaceholderPage
      heading="Refund policy"
      purpose="How to report damaged or incorrect items, what can be returned, and how refunds are paid."
    />
  )
}
