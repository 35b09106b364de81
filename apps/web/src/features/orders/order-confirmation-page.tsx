import type { Order } from '@larder/shared'
import { ArrowRight, LogIn, RefreshCw } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { Link, useParams } from '../../framework/routing/router'
import { paths } from '../../config/paths'
import { ApiError } from '../../lib/api-client'
import { useDocumentTitle } from '../../framework/page/document-title'
import { useSession } from '../../lib/session'
import { removePaidLines } from '../cart'
import { isSettled, POLL_LIMIT_MS, useOrder } from './api/use-order'
import { forgetCheckoutDraft } from './checkout-draft'
import { checkoutInProgress, checkoutOrderKey, takeCheckout } from './checkout-marker'
import { OrderDetails, OrderDetailsSkeleton } from './components/order-details'
import { leftUnpaid, OrderStatusBanner, payableHere } from './components/order-status-banner'
import { PayNow } from './components/pay-now'
import styles from './order-confirmation-page.module.css'

function OrderProblem({
  title,
  text,
  onRetry,
  children,
}: {
  title: string
  text: string
  onRetry?: () => void
  children?: ReactNode
}) {
  return (
    <div className={`${styles.banner} ${styles.problem}`} role="alert">
      <div className={styles.bannerBody}>
        <p className={styles.bannerTitle}>{title}</p>
        <p>{text}</p>
        {onRetry && (
          <button type="button" className="button-secondary" onClick={onRetry}>
            <RefreshCw aria-hidden="true" size={18} />
            Try again
          </button>
        )}
        {children}
      </div>
    </div>
  )
}

/**
 * A visitor with no session is told an account's order "does not exist", exactly as for an order that
 * does not (order-rules.ts, readableBy: both are 404s), so this page cannot tell them apart either. It
 * says what is true of both: an order placed from an account shows once its owner logs in, and the
 * log-in comes back here.
 */
function LogInToSee({ orderId }: { orderId: string }) {
  const here = paths.orderConfirmation.getHref(orderId)
  return (
    <OrderProblem
      title="Log in to see this order"
      text="An order placed from an account is shown only to that account. If you ordered as a guest, please check the link in your confirmation e-mail."
    >
      <Link to={paths.login.getHref(here)} className="button-primary">
        <LogIn aria-hidden="true" size={18} />
        Log in
      </Link>
    </OrderProblem>
  )
}

function NextSteps({ order }: { order: Order }) {
  const { isLoggedIn } = useSession()
  const failed = order.orderStatus === 'PENDING' && order.paymentStatus === 'FAILED'
  return (
    <div className={styles.actions}>
      {failed ? (
        <Link to={paths.cart.getHref()} className="button-primary">
          Back to your cart
        </Link>
      ) : (
        <Link to={paths.products.getHref()} className="button-primary">
          Continue shopping
          <ArrowRight aria-hidden="true" size={18} />
        </Link>
      )}
      {isLoggedIn && (
        <Link to={paths.account.getHref()} className="button-secondary">
          See all your orders
        </Link>
      )}
    </div>
  )
}

/** True once polling that started at `since` has run out of time, so the page can say so. */
function useTimedOut(since: number): boolean {
  const [timedOut, setTimedOut] = useState<number | null>(null)
  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(since), since + POLL_LIMIT_MS - Date.now())
    return () => window.clearTimeout(timer)
  }, [since])
  return timedOut === since
}

function OrderConfirmation({ orderId }: { orderId: string }) {
  // Read before the effect below takes them: whether the cart was sent to pay for this order, and the
  // order's key, which lets this browser read it whoever is logged in now (a log-out in another tab while
  // paying included). The key is kept for as long as this page is open, so polling and refetches go on.
  const [sentToPayFromHere] = useState(() => checkoutInProgress() === orderId)
  const [orderKey] = useState(() => checkoutOrderKey(orderId))
  const [pollingSince, setPollingSince] = useState(() => Date.now())
  const { data: order, error, refetch, isFetching } = useOrder(orderId, pollingSince, orderKey)
  const { isLoggedIn } = useSession()
  const [payProblem, setPayProblem] = useState<string>()
  const timedOut = useTimedOut(pollingSince)
  const paid = order?.orderStatus === 'PAID'

  // What was paid for leaves the cart once the payment is confirmed, and only then, and only for
  // the order the cart was sent to pay for. What was added since (here or in another tab) stays.
  const orderProducts = order?.orderProducts
  useEffect(() => {
    if (paid && orderProducts && takeCheckout(orderId)) {
      removePaidLines(orderProducts)
      forgetCheckoutDraft()
    }
  }, [paid, orderProducts, orderId])

  const checkAgain = () => {
    setPollingSince(Date.now())
    void refetch()
  }

  const gone = error instanceof ApiError && (error.status === 404 || error.status === 400)
  // A copy read earlier is not shown once the server says this visitor cannot see the order.
  if (!order || gone) {
    if (gone && !isLoggedIn && error.status === 404) return <LogInToSee orderId={orderId} />
    if (gone) {
      return (
        <OrderProblem
          title="We could not find that order"
          text="Please check the link in your confirmation e-mail, or look in your account's order history."
        />
      )
    }
    if (error) {
      return (
        <OrderProblem
          title="We could not load your order just now"
          text="Your order is safe; only this page could not reach the shop."
          onRetry={checkAgain}
        />
      )
    }
    return <OrderDetailsSkeleton />
  }

  const gaveUp = timedOut && !isSettled(order) && !isFetching && !leftUnpaid(order, sentToPayFromHere)
  return (
    <>
      <OrderStatusBanner order={order} sentToPayFromHere={sentToPayFromHere}>
        {payableHere(order, sentToPayFromHere) && (
          <PayNow
            order={order}
            orderKey={orderKey}
            onProblem={(problem) => {
              setPayProblem(problem)
              if (problem !== undefined) void refetch()
            }}
          />
        )}
      </OrderStatusBanner>
      {/* Outside the banner: it stays when the order read again turns out closed and the banner changes. */}
      {payProblem !== undefined && (
        <p className={styles.payProblem} role="alert">
          {payProblem}
        </p>
      )}
      {gaveUp && (
        <div className={styles.slow}>
          <p>
            This is taking longer than usual. If you completed the payment, the confirmation will follow by
            e-mail.
          </p>
          <button type="button" className="button-secondary" onClick={checkAgain}>
            <RefreshCw aria-hidden="true" size={18} />
            Check again
          </button>
        </div>
      )}
      <OrderDetails order={order} />
      <NextSteps order={order} />
    </>
  )
}

/** `/order-confirmation/{orderId}`: where the payment page sends the shopper back. */
export function OrderConfirmationPage() {
  useDocumentTitle('Order confirmation')
  const { orderId = '' } = useParams()
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>Your order</h1>
      <OrderConfirmation key={orderId} orderId={orderId} />
    </div>
  )
}
