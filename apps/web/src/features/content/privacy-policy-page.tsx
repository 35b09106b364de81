import { Link } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { STORAGE_KEYS } from '../../lib/storage'
import { ContactCard } from './components/contact-card'
import { PolicyLayout, type PolicySection } from './components/policy-layout'
import styles from './components/policy-layout.module.css'
import { POLICY_LAST_UPDATED } from '@larder/shared'
import { usePageSummary } from '../../framework/page/page-meta'

// The names come from the code that writes them, so this table cannot drift from what the shop stores.
const BROWSER_STORAGE = [
  {
    name: 'XSRF-TOKEN',
    kind: 'Cookie',
    purpose: 'A random security token that stops other websites sending requests in your name.',
    kept: 'Until you close the browser',
  },
  {
    name: STORAGE_KEYS.token,
    kind: 'Local storage',
    purpose: 'Keeps you logged in while you shop.',
    kept: 'Until you log out or it expires: after a day, or 30 days with “Remember me”',
  },
  {
    name: STORAGE_KEYS.currentUser,
    kind: 'Local storage',
    purpose: 'Your name, e-mail address and picture, to greet you and fill in the checkout form.',
    kept: 'As long as the login above',
  },
  {
    name: STORAGE_KEYS.cartItems,
    kind: 'Local storage',
    purpose: 'The items in your cart, so they are still there when you come back.',
    kept: 'Until you empty your cart or clear your browser data',
  },
] as const

const SECTIONS: readonly PolicySection[] = [
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Your account:</strong> username, first and last name, e-mail address and password (stored
          only as a secure hash). If you sign in with Google, we receive your name and e-mail address from
          Google.
        </li>
        <li>
          <strong>Your orders:</strong> the items you buy, your delivery and billing addresses, phone number
          and e-mail address, and the order’s payment status.
        </li>
        <li>
          <strong>Messages you send us:</strong> the name, e-mail address, phone number and message you enter
          in our contact form, and the network (IP) address it came from, so we can stop abuse.
        </li>
        <li>
          <strong>Your location, only if you allow it:</strong> your browser may use it to suggest the nearest
          delivery town. It is used on your device and not sent to us.
        </li>
      </ul>
    ),
  },
  {
    id: 'why-we-use-it',
    title: 'Why we use it',
    body: (
      <ul>
        <li>
          To take, pay for and deliver your orders, and to tell you about them (to perform our contract).
        </li>
        <li>To run your account and answer your messages (contract and our legitimate interests).</li>
        <li>To keep the shop secure and prevent fraud (our legitimate interests).</li>
        <li>To keep the accounting records the law requires (legal obligation).</li>
      </ul>
    ),
  },
  {
    id: 'cookies-and-storage',
    title: 'Cookies and browser storage',
    body: (
      <>
        <p>
          We use <strong>no tracking, advertising or analytics cookies</strong>. The only cookie we set is the{' '}
          <code>XSRF-TOKEN</code> security cookie. Everything else the shop remembers is kept in your own
          browser’s local storage, under the keys below, and you can clear it at any time in your browser’s
          settings.
        </p>
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>What the shop keeps in your browser</caption>
            <thead>
              <tr>
                <th scope="col">Name and type</th>
                <th scope="col">Why</th>
                <th scope="col">How long</th>
              </tr>
            </thead>
            <tbody>
              {BROWSER_STORAGE.map((entry) => (
                <tr key={entry.name}>
                  <th scope="row">
                    <code>{entry.name}</code>
                    <span className={styles.kind}>{entry.kind}</span>
                  </th>
                  <td>{entry.purpose}</td>
                  <td>{entry.kept}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Card payments',
    body: (
      <p>
        Card payments are handled entirely by our card payment provider on its own secure payment page. Your
        card details go straight to the provider; we never see or store your card number. We receive only the
        result of the payment.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We never sell your personal data. We share only what each of these needs:</p>
        <ul>
          <li>the independent shops that prepare and deliver your order,</li>
          <li>our card payment provider, to take your payment,</li>
          <li>our e-mail provider, to send order confirmations and password resets,</li>
          <li>Google, only if you choose to sign in with Google.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-long',
    title: 'How long we keep it',
    body: (
      <p>
        We keep your account until you ask us to close it. Order records are kept for six years, as UK tax law
        requires. Contact messages are deleted once they have been dealt with and are no longer needed.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your rights',
    body: (
      <>
        <p>Under the UK GDPR you have the right to:</p>
        <ul>
          <li>get a copy of the personal data we hold about you,</li>
          <li>have it corrected if it is wrong, or deleted,</li>
          <li>restrict or object to how we use it,</li>
          <li>receive it in a portable format.</li>
        </ul>
        <p>
          To use any of these rights, contact us with the details below; we reply within one month. If you are
          unhappy with how we handle your data, you can complain to the Information Commissioner’s Office
          (ICO) at <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk</a>.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <p>
          Questions about your data? Use our <Link to={paths.contactUs.getHref()}>contact form</Link> or the
          details below.
        </p>
        <ContactCard className={styles.callout} />
      </>
    ),
  },
]

export function PrivacyPolicyPage() {
  usePageSummary({
    description:
      'What personal data Larder collects when you shop with us, why, what we keep in your browser, and your rights over it.',
  })
  return (
    <PolicyLayout
      heading="Privacy and cookie policy"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={
        <p>
          This policy explains what personal data Larder collects when you shop with us, why, what we keep in
          your browser, and the rights you have over it.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
