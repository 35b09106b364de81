import { Link } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { ContactCard } from './components/contact-card'
import { PolicyLayout, type PolicySection } from './components/policy-layout'
import styles from './components/policy-layout.module.css'
import { SHOP_EMAILS, SHOP_PHONES } from '../../config/contact-details'
import { POLICY_LAST_UPDATED } from '@larder/shared'
import { usePageSummary } from '../../framework/page/page-meta'

const [customerService] = SHOP_PHONES
const [, refundsEmail] = SHOP_EMAILS

// Every rule and number below is the shop's stated refund policy (1 hour, 2 to 3 days, 3 to 4 business
// days): keep them exact.
const SECTIONS: readonly PolicySection[] = [
  {
    id: 'damaged-items',
    title: 'Damaged, defective or incorrect items',
    body: (
      <>
        <p>
          If something arrives damaged, defective or is not what you ordered, please tell us{' '}
          <strong>within 1 hour of delivery</strong>. A photo of the item and its packaging helps us sort it
          out quickly, and we may ask you for one.
        </p>
        <p>We will then refund the item, or the part of the order that was wrong.</p>
      </>
    ),
  },
  {
    id: 'perishable-items',
    title: 'Perishable items',
    body: (
      <p>
        Fresh food such as fruit and vegetables, fish, meat, dairy, bread and cakes cannot be returned{' '}
        <strong>unless it arrived damaged, spoiled or incorrect</strong>. Our shops pack chilled and bakery
        items on the day, so please check them when they arrive.
      </p>
    ),
  },
  {
    id: 'non-perishable-items',
    title: 'Non-perishable items',
    body: (
      <>
        <p>
          Cupboard goods, drinks and household items may be returned <strong>within 2 to 3 days</strong> of
          delivery, as long as they are in their original, unopened condition.
        </p>
        <p>
          You pay the cost of sending a return, <strong>unless the error was the shop’s</strong> (for example,
          a wrong or faulty item), in which case we cover it.
        </p>
      </>
    ),
  },
  {
    id: 'non-refundable',
    title: 'What we cannot refund',
    body: (
      <ul>
        <li>Perishable goods (unless damaged, spoiled or incorrect, as above)</li>
        <li>Items that have been opened or used</li>
        <li>Gift cards</li>
        <li>Store credit</li>
      </ul>
    ),
  },
  {
    id: 'requesting-a-refund',
    title: 'How to ask for a refund',
    body: (
      <>
        <p>
          Contact our customer service team by phone on{' '}
          <a href={`tel:${customerService.tel}`}>{customerService.display}</a> or by e-mail at{' '}
          <a href={`mailto:${refundsEmail.address}`}>{refundsEmail.address}</a>. Please include:
        </p>
        <ul>
          <li>your order number,</li>
          <li>which items are affected and what went wrong,</li>
          <li>a photo, if the item is damaged, defective or incorrect.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'refund-timing',
    title: 'When your refund arrives',
    body: (
      <p>
        Once a refund is approved, we send it to <strong>your original payment method</strong>. It reaches you{' '}
        <strong>within 3 to 4 business days</strong>, depending on your card provider.
      </p>
    ),
  },
  {
    id: 'exchanges',
    title: 'Exchanges',
    body: (
      <p>
        We do not swap items directly. Instead we refund the item and you place a new order for the one you
        want, so it reaches you as fresh as possible.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    body: (
      <>
        <p>
          Questions about a refund? Get in touch, or use our{' '}
          <Link to={paths.contactUs.getHref()}>contact form</Link>.
        </p>
        <ContactCard className={styles.callout} />
      </>
    ),
  },
]

export function RefundPolicyPage() {
  usePageSummary({
    description:
      "Larder's refund policy: reporting damaged or wrong items, returns of non-perishables within 2 to 3 days, and refunds within 3 to 4 business days.",
  })
  return (
    <PolicyLayout
      heading="Refund policy"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={
        <p>
          We want every Larder order to arrive fresh and right. If it doesn’t, here is how we put it right,
          what can be returned, and how refunds are paid.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
