import { DELIVERY_TOWNS, POLICY_LAST_UPDATED } from '@larder/shared'
import { Link } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { ContactCard } from './components/contact-card'
import { PolicyLayout, type PolicySection } from './components/policy-layout'
import styles from './components/policy-layout.module.css'
import { usePageSummary } from '../../framework/page/page-meta'

const TOWNS = DELIVERY_TOWNS.map((town) => town.city)

// The age (18), cancellation (15 minutes), returns (2 to 3 days) and refund (3 to 4 working days) numbers
// are the shop's stated terms: keep them exact.
const SECTIONS: readonly PolicySection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    body: (
      <p>
        Larder is an online marketplace that brings together independent grocers, bakers, butchers,
        fishmongers and delis from north-west London. Each product is sold by the shop named on it; Larder
        runs the website, takes your order and payment, and arranges delivery. In these terms “we” and “us”
        mean Larder, and “you” means the person placing the order.
      </p>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can order',
    body: (
      <p>
        You must be <strong>18 or over</strong> to create an account or place an order. By ordering, you
        confirm that you are.
      </p>
    ),
  },
  {
    id: 'orders-and-payment',
    title: 'Orders and payment',
    body: (
      <>
        <p>
          All prices are in pounds sterling (GBP) and include VAT where it applies. A flat delivery charge of
          £1.60 is added at checkout and shown before you pay.
        </p>
        <p>
          You pay through a secure card payment link hosted by our card payment provider; we never see or
          store your full card number. Your order is confirmed once the payment succeeds, and we e-mail you a
          confirmation.
        </p>
        <p>
          If an item turns out to be unavailable after you have paid, we refund it in full to your original
          payment method.
        </p>
      </>
    ),
  },
  {
    id: 'delivery',
    title: 'Delivery areas',
    body: (
      <>
        <p>We deliver to these {TOWNS.length} north-west London towns:</p>
        <ul className={styles.columns}>
          {TOWNS.map((town) => (
            <li key={town}>{town}</li>
          ))}
        </ul>
        <p>
          Please make sure someone can receive chilled and frozen items, and check your order when it arrives.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancelling an order',
    body: (
      <p>
        You can cancel an order <strong>within 15 minutes of its confirmation</strong>, as long as it has not
        been dispatched. Orders cannot be cancelled after dispatch, because the shops start picking and baking
        straight away.
      </p>
    ),
  },
  {
    id: 'returns-and-refunds',
    title: 'Returns and refunds',
    body: (
      <>
        <ul>
          <li>
            Perishable goods are <strong>not returnable unless they arrive damaged</strong>.
          </li>
          <li>
            Non-perishable goods are returnable <strong>within 2 to 3 days</strong> of delivery, unopened.
          </li>
          <li>
            Refunds are processed <strong>within 3 to 4 working days</strong> to your original payment method.
          </li>
        </ul>
        <p>
          Our <Link to={paths.refundPolicy.getHref()}>refund policy</Link> explains the details, including how
          to report a problem.
        </p>
      </>
    ),
  },
  {
    id: 'your-account',
    title: 'Your account',
    body: (
      <p>
        Keep your password private and tell us straight away if you think someone else has used your account.
        We may suspend accounts that are used to break these terms or the law.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Our responsibility to you',
    body: (
      <>
        <p>
          We take reasonable care that the website is accurate and available, and that your order arrives as
          described. If we or a shop fail to do so, we are responsible for loss or damage you suffer that was
          a foreseeable result of that failure.
        </p>
        <p>
          Nothing in these terms limits liability for death or personal injury caused by negligence, for
          fraud, or your rights under the Consumer Rights Act 2015. Please read the ingredients and allergen
          information on each product before buying and eating it.
        </p>
      </>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms from time to time. The version on this page when you place an order is the
        one that applies to it.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the law of England and Wales, and the courts of England and Wales have
        jurisdiction over any dispute.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <p>
          Questions about these terms? Write to us through the{' '}
          <Link to={paths.contactUs.getHref()}>contact page</Link> or use the details below.
        </p>
        <ContactCard className={styles.callout} />
      </>
    ),
  },
]

export function TermsPage() {
  usePageSummary({
    description:
      "Larder's terms and conditions: who may order, cancelling within 15 minutes, returns and refunds.",
  })
  return (
    <PolicyLayout
      heading="Terms and conditions"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={
        <p>
          These terms apply whenever you browse or buy from Larder. They are written to be read: please take a
          few minutes before your first order.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
