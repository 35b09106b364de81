import GooglePayButton from '@google-pay/button-react'
import type { Pence } from '@larder/shared'
import { GOOGLE_PAY_ENVIRONMENT, googlePayRequest } from '../google-pay-config'

interface Props {
  totalPence: Pence
  onPaid: () => void
  onUnavailable: (reason: string) => void
}

/** The official button; its own module so the page loads it (and Google's script) only when shown. */
export function LarderGooglePayButton({ totalPence, onPaid, onUnavailable }: Props) {
  return (
    <GooglePayButton
      environment={GOOGLE_PAY_ENVIRONMENT}
      paymentRequest={googlePayRequest(totalPence)}
      buttonType="pay"
      buttonSizeMode="fill"
      buttonLocale="en"
      style={{ width: '100%', height: 48 }}
      // The demo stops here: a test token is never sent to the server.
      onLoadPaymentData={onPaid}
      onError={(error) => {
        console.error('Google Pay failed', error)
        onUnavailable('Google Pay is not available right now. Nothing was charged.')
      }}
      onReadyToPayChange={({ isButtonVisible }) => {
        if (!isButtonVisible) onUnavailable('Google Pay is not available in this browser.')
      }}
    />
  )
}
