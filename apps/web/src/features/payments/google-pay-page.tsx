import { CircleCheck, FlaskConical } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Link } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { useDocumentTitle } from '../../framework/page/document-title'
import { CartSummary, totalPence, useCart } from '../cart'
import styles from './google-pay-page.module.css'

const GooglePayButton = lazy(() =>
  import('./components/google-pay-button').then((module) => ({ default: module.LarderGooglePayButton })),
)

function ButtonSkeleton() {
  return <span className={styles.buttonSkeleton} role="status" aria-label="Loading Google Pay" />
}

/** `/googlepay`: the Google Pay button in test mode (never a real payment) for the cart's total in GBP. */
export function GooglePayPage() {
  useDocumentTitle('Google Pay')
  const { items } = useCart()
  const [paid, setPaid] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Google Pay</h1>
      <p className={styles.note}>
        <FlaskConical aria-hidden="true" size={20} />
        This is a test-mode demo: Google Pay runs in its TEST environment, so no card is charged and no order
        is placed. To buy your groceries, check out from your cart.
      </p>
      <section className={styles.card} aria-labelledby="google-pay-total">
        <h2 id="google-pay-total" className={styles.subheading}>
          Your cart
        </h2>
        {items.length === 0 ? (
          <p className={styles.empty}>
            Your cart is empty. <Link to={paths.products.getHref()}>Add some products</Link> to try Google Pay
            with their total.
          </p>
        ) : (
          <>
            <CartSummary items={items} />
            <div className={styles.button}>
              {problem === null ? (
                <Suspense fallback={<ButtonSkeleton />}>
                  <GooglePayButton
                    totalPence={totalPence(items)}
                    onPaid={() => setPaid(true)}
                    onUnavailable={setProblem}
                  />
                </Suspense>
              ) : (
                <p className={styles.problem}>{problem}</p>
              )}
            </div>
          </>
        )}
        <p className={styles.result} role="status">
          {paid && (
            <>
              <CircleCheck aria-hidden="true" size={20} />
              Test payment received
            </>
          )}
        </p>
      </section>
      <Link to={paths.cart.getHref()} className={styles.back}>
        Back to your cart
      </Link>
    </div>
  )
}
