import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import type { BillingAddress, CheckoutFormValues } from '../checkout-schema'
import { CheckoutField } from './checkout-field'
import styles from './checkout-form.module.css'

interface BillingFieldsProps {
  register: UseFormRegister<CheckoutFormValues>
  errors: FieldErrors<BillingAddress> | undefined
}

/**
 * The billing form that 'Use a different billing address' reveals, with its hints ('Valid first name is
 * required.', …).
 */
export function BillingFields({ register, errors }: BillingFieldsProps) {
  return (
    <div className={styles.grid}>
      <CheckoutField
        id="billing-first-name"
        label="First name"
        autoComplete="billing given-name"
        required
        error={errors?.firstName?.message}
        {...register('billing.firstName')}
      />
      <CheckoutField
        id="billing-last-name"
        label="Last name"
        autoComplete="billing family-name"
        required
        error={errors?.lastName?.message}
        {...register('billing.lastName')}
      />
      <CheckoutField
        id="billing-address"
        label="Address"
        autoComplete="billing address-line1"
        required
        wide
        error={errors?.address?.message}
        {...register('billing.address')}
      />
      <CheckoutField
        id="billing-address2"
        label="Address 2 (optional)"
        autoComplete="billing address-line2"
        wide
        error={undefined}
        {...register('billing.address2')}
      />
      <CheckoutField
        id="billing-city"
        label="City (optional)"
        autoComplete="billing address-level2"
        error={errors?.city?.message}
        {...register('billing.city')}
      />
      <CheckoutField
        id="billing-state"
        label="State"
        autoComplete="billing address-level1"
        required
        error={errors?.state?.message}
        {...register('billing.state')}
      />
      <CheckoutField
        id="billing-country"
        label="Country (optional)"
        autoComplete="billing country-name"
        error={errors?.country?.message}
        {...register('billing.country')}
      />
      <CheckoutField
        id="billing-postcode"
        label="Postcode"
        autoComplete="billing postal-code"
        required
        error={errors?.postcode?.message}
        {...register('billing.postcode')}
      />
    </div>
  )
}
