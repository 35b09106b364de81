import { PlaceholderPage } from '../../components/placeholder-page'

export function PrivacyPolicyPage() {
  return (
    <PlaceholderPage
      heading="Privacy and cookie policy"
      purpose="What we collect, why, and how long we keep it."
    />
  )
}
