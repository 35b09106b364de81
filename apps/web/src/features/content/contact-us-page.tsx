import { PlaceholderPage } from '../../components/placeholder-page'

export function ContactUsPage() {
  return (
    <PlaceholderPage
      heading="Contact us"
      purpose="Our address, phone numbers, a map of the shop and a form to send us a message."
    />
  )
}
