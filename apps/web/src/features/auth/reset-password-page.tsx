import { useSearchParams } from 'react-router'
import { PlaceholderPage } from '../../components/placeholder-page'

export function ResetPasswordPage() {
  const hasKey = (useSearchParams()[0].get('key') ?? '') !== ''
  return (
    <PlaceholderPage
      heading="Reset your password"
      purpose={
        hasKey
          ? 'Choose a new password for your account.'
          : 'This page needs the link from your password reset e-mail.'
      }
    />
  )
}
