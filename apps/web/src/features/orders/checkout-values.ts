/**
 * The checkout form's starting values and the billing copy: plain code, without the schema, so that the
 * cart page renders its form without loading zod (checkout-schema.ts).
 */
import type { BillingAddress, CheckoutFormValues } from './checkout-schema'

export const EMPTY_BILLING: BillingAddress = {
  firstName: '',
  lastName: '',
  address: '',
  address2: '',
  city: '',
  state: '',
  country: '',
  postcode: '',
}

/** 'Same as shipping' copies the shipping fields into the billing fields. */
export function billingFromShipping(values: CheckoutFormValues): BillingAddress {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    address: values.address,
    address2: '',
    city: values.city,
    state: values.state,
    country: values.country,
    postcode: values.postalCode,
  }
}

/** The form's starting values, prefilled from the logged-in shopper's name and e-mail. */
export function initialCheckoutValues(user: { firstName: string; lastName: string; email: string } | null) {
  const values: CheckoutFormValues = {
    email: user?.email ?? '',
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    phoneNumber: '',
    address: '',
    city: '',
    state: '',
    country: 'United Kingdom',
    postalCode: '',
    billingMode: 'same',
    billing: EMPTY_BILLING,
  }
  return { ...values, billing: billingFromShipping(values) }
}
