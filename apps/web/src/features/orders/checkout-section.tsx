import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useEndedSession, useSession } from '../../lib/session'
import { loadPage } from '../../lib/browser-location'
import type { CartItem } from '../cart'
import { saveCheckoutDraft } from './checkout-draft'
import type { CheckoutFormValues } from './checkout-schema'
import { CheckoutForm } from './components/checkout-form'
import { checkoutErrorMessage, logCheckoutError, placeOrder } from './place-order'

/** The cart page's checkout: the form, then order → lines → payment link → the same window goes there. */
export function CheckoutSection({ items }: { items: readonly CartItem[] }) {
  const { user } = useSession()
  const formFor = useFormOwner(user?.login ?? null)
  // A new order's orderDate and datePaid are the moment the cart page loaded.
  const [openedAt] = useState(() => new Date().toISOString())
  // Stays true once the payment page is loading, so the button stays off until the page goes.
  const [leaving, setLeaving] = useState(false)
  // Set in the same tick as the click: a double click reaches submit twice before React re-renders the
  // button disabled, and each would create an order with its own live payment page.
  const placing = useRef(false)
  const mutation = useMutation({
    mutationFn: (values: CheckoutFormValues) => placeOrder({ values, items, user, openedAt }),
    onError: logCheckoutError,
    onSuccess: (paymentLinkUrl, values) => {
      saveCheckoutDraft(values, user?.login ?? null)
      setLeaving(true)
      loadPage(paymentLinkUrl)
    },
  })

  // Back from the payment page, the browser may restore this page as it was left: ready to try again.
  const { reset } = mutation
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return
      placing.current = false
      setLeaving(false)
      reset()
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [reset])

  const submit = async (values: CheckoutFormValues) => {
    if (placing.current) return
    placing.current = true
    try {
      await mutation.mutateAsync(values)
    } catch {
      // Shown from mutation.error below; retrying simply starts a fresh order.
      placing.current = false
    }
  }

  return (
    <CheckoutForm
      key={formFor ?? ''}
      user={user}
      onSubmit={submit}
      busy={mutation.isPending || leaving}
      error={mutation.isError ? checkoutErrorMessage(mutation.error) : null}
    />
  )
}

/**
 * Whose checkout form is on the page. A log-out or another log-in (in any tab) starts the form again for
 * whoever holds the session now, so their order never goes out with the last shopper's name and address.
 * A session that ends by itself (expired, or refused by the server) is no change of shopper: the form
 * stays theirs, as typed, so they can log in again or press Create Order to order as a guest.
 */
function useFormOwner(login: string | null): string | null {
  const endedSession = useEndedSession()
  const [formFor, setFormFor] = useState(login)
  const sessionRanOut = login === null && endedSession !== null && endedSession === formFor
  const newShopper = login !== formFor && !sessionRanOut
  if (newShopper) setFormFor(login)
  return newShopper ? login : formFor
}
