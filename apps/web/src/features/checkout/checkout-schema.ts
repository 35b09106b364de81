import { OrderCreateSchema, orderMessages } from '@larder/shared'
import { z } from 'zod'

const required = (message: string) => z.string().trim().min(1, { message })

/** A text field checked by one of the server's order rules, reporting that rule's first message. */
const serverRule = (rule: z.ZodType) =>
  z.string().superRefine((value, context) => {
    const result = rule.safeParse(value)
    if (!result.success) context.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? '' })
  })

export const BILLING_MODES = ['same', 'different'] as const
export type BillingMode = (typeof BILLING_MODES)[number]

const billingShape = {
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postcode: z.string(),
}

/**
 * The hints of spec section 5 (in orderMessages, shared with the server). The billing city and country
 * have none in the spec, so they reuse the shipping ones.
 */
const BILLING_REQUIRED = [
  ['firstName', orderMessages.firstName],
  ['lastName', orderMessages.lastName],
  ['address', orderMessages.address],
  ['city', orderMessages.city],
  ['state', orderMessages.billingState],
  ['country', orderMessages.country],
  ['postcode', orderMessages.billingPostcode],
] as const

export const CheckoutFormSchema = z
  .object({
    // E-mail and phone follow the server's own rules, so the form never accepts what the order refuses.
    email: serverRule(OrderCreateSchema.shape.email),
    firstName: required(orderMessages.firstName),
    lastName: required(orderMessages.lastName),
    phoneNumber: serverRule(OrderCreateSchema.shape.deliveryPhoneNumber),
    address: required(orderMessages.address),
    city: required(orderMessages.city),
    state: required(orderMessages.state),
    country: required(orderMessages.country),
    postalCode: required(orderMessages.postcode),
    billingMode: z.enum(BILLING_MODES),
    billing: z.object(billingShape),
  })
  .superRefine((values, context) => {
    // With 'same as shipping' the billing fields are copies, so only a separate billing address is checked.
    if (values.billingMode !== 'different') return
    for (const [field, message] of BILLING_REQUIRED) {
      if (values.billing[field].trim() === '')
        context.addIssue({ code: 'custom', message, path: ['billing', field] })
    }
  })

export type CheckoutFormValues = z.input<typeof CheckoutFormSchema>
export type BillingAddress = CheckoutFormValues['billing']

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

/** Spec section 4: 'same as shipping' copies the shipping fields into the billing fields. */
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

/** The form's starting values, prefilled from the logged-in shopper (spec section 6). */
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
