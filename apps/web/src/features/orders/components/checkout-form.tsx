import { CreditCard, Lock } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { busyButtonProps } from '../../../lib/busy-button'
import { lazyZodResolver, usePreloadedResolver } from '../../../lib/lazy-zod-resolver'
import { readCheckoutDraft } from '../checkout-draft'
import type { BillingMode, CheckoutFormValues } from '../checkout-schema'
import { billingFromShipping, EMPTY_BILLING, initialCheckoutValues } from '../checkout-values'
import { BillingFields } from './billing-fields'
import { CheckoutField } from './checkout-field'
import styles from './checkout-form.module.css'

// The order's own rules (checkout-schema.ts), loaded after the page's first paint.
const resolver = lazyZodResolver(() => import('../checkout-schema').then((m) => m.CheckoutFormSchema))

interface CheckoutFormProps {
  user: { login: string; firstName: string; lastName: string; email: string } | null
  /** Resolves once the order is placed (the page is then leaving for the payment link), or rejects. */
  onSubmit: (values: CheckoutFormValues) => Promise<void>
  busy: boolean
  error: { message: string; detail?: string | undefined } | null
}

/** The cart page's shipping form (each field with its hint), the billing choice, Payment and Create Order. */
export function CheckoutForm({ user, onSubmit, busy, error }: CheckoutFormProps) {
  // Back from the payment page, the address typed for the order just placed (checkout-draft.ts).
  const [startingValues] = useState(
    () => readCheckoutDraft(user?.login ?? null) ?? initialCheckoutValues(user),
  )
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    clearErrors,
    control,
    formState: { errors },
  } = useForm<CheckoutFormValues>({
    resolver,
    defaultValues: startingValues,
    mode: 'onTouched',
  })
  const billingMode = useWatch({ control, name: 'billingMode' })
  const preloadRules = usePreloadedResolver(resolver)

  // 'Same' copies the shipping fields in; 'different' clears them and shows the billing form.
  const chooseBilling = (mode: BillingMode) => {
    setValue('billingMode', mode)
    setValue('billing', mode === 'same' ? billingFromShipping(getValues()) : EMPTY_BILLING)
    clearErrors('billing')
  }

  const submit = handleSubmit((values) => {
    // Shipping may have changed since 'same' was chosen, so the copy is taken again at the last moment.
    const billing = values.billingMode === 'same' ? billingFromShipping(values) : values.billing
    return onSubmit({ ...values, billing })
  })

  return (
    <form
      className={styles.form}
      onSubmit={(event) => void submit(event)}
      onFocus={preloadRules}
      noValidate
      aria-label="Checkout"
    >
      <section className={styles.card} aria-labelledby="shipping-heading">
        <h2 id="shipping-heading" className={styles.heading}>
          Shipping address
        </h2>
        <div className={styles.grid}>
          <CheckoutField
            id="checkout-email"
            label="Email"
            type="email"
            autoComplete="email"
            required
            wide
            error={errors.email?.message}
            {...register('email')}
          />
          <CheckoutField
            id="checkout-first-name"
            label="First name"
            autoComplete="shipping given-name"
            required
            error={errors.firstName?.message}
            {...register('firstName')}
          />
          <CheckoutField
            id="checkout-last-name"
            label="Last name"
            autoComplete="shipping family-name"
            required
            error={errors.lastName?.message}
            {...register('lastName')}
          />
          <CheckoutField
            id="checkout-phone"
            label="Phone number"
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            required
            wide
            error={errors.phoneNumber?.message}
            {...register('phoneNumber')}
          />
          <CheckoutField
            id="checkout-address"
            label="Address"
            autoComplete="shipping street-address"
            required
            wide
            error={errors.address?.message}
            {...register('address')}
          />
          <CheckoutField
            id="checkout-city"
            label="City"
            autoComplete="shipping address-level2"
            required
            error={errors.city?.message}
            {...register('city')}
          />
          <CheckoutField
            id="checkout-state"
            label="State"
            autoComplete="shipping address-level1"
            required
            error={errors.state?.message}
            {...register('state')}
          />
          <CheckoutField
            id="checkout-country"
            label="Country"
            autoComplete="shipping country-name"
            required
            error={errors.country?.message}
            {...register('country')}
          />
          <CheckoutField
            id="checkout-postal-code"
            label="Postal code"
            autoComplete="shipping postal-code"
            required
            error={errors.postalCode?.message}
            {...register('postalCode')}
          />
        </div>
      </section>

      <section className={styles.card} aria-labelledby="billing-heading">
        <h2 id="billing-heading" className={styles.heading}>
          Billing address
        </h2>
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">Billing address</legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name="billingMode"
              value="same"
              checked={billingMode === 'same'}
              onChange={() => chooseBilling('same')}
            />
            Same as shipping address
          </label>
          <label className={styles.choice}>
            <input
              type="radio"
              name="billingMode"
              value="different"
              checked={billingMode === 'different'}
              onChange={() => chooseBilling('different')}
            />
            Use a different billing address
          </label>
        </fieldset>
        {billingMode === 'different' && <BillingFields register={register} errors={errors.billing} />}
      </section>

      <section className={styles.card} aria-labelledby="payment-heading">
        <h2 id="payment-heading" className={styles.heading}>
          Payment
        </h2>
        <p className={styles.paymentNote}>
          <CreditCard aria-hidden="true" size={20} />
          You pay by card on a secure payment page after you create the order.
        </p>
        <div className={styles.errorBox} role="alert">
          {error && (
            <>
              <p>{error.message}</p>
              {error.detail && <p className={styles.errorDetail}>{error.detail}</p>}
            </>
          )}
        </div>
        <button type="submit" className={`button-primary ${styles.submit}`} {...busyButtonProps(busy)}>
          <Lock aria-hidden="true" size={18} />
          Create Order
        </button>
        <p className={styles.status} role="status">
          {busy ? 'Creating your order…' : ''}
        </p>
      </section>
    </form>
  )
}
