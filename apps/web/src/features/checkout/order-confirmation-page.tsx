import { useParams } from 'react-router'
import { PlaceholderPage } from '../../components/placeholder-page'

export function OrderConfirmationPage() {
  const { orderId = '' } = useParams()
  return (
    <PlaceholderPage
      heading="Thank you for your order"
      title="Order confirmation"
      purpose={`The status of order ${orderId}, updated until the payment is confirmed.`}
    />
  )
}
