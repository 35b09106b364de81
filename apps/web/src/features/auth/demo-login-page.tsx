import { PlaceholderPage } from '../../components/placeholder-page'

// /test and /test2 are two demo login screens (spec section 2); they share one placeholder.
export function DemoLoginPage() {
  return <PlaceholderPage heading="Demo login" purpose="A demonstration login screen." />
}

export function DemoLoginPage2() {
  return <PlaceholderPage heading="Demo login 2" purpose="A second demonstration login screen." />
}
