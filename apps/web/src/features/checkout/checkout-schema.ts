import { OrderCreateSchema } from '@larder/shared'
import { z } from 'zod'

/** The first message of one of the server's order rules for `value`, or undefined when it passes. */
function refusal(rule: z.ZodType, value: unknown): string | undefined {
  const result = rule.safeParse(value)
  return result.success ? undefined : (result.error.issues[0]?.message ?? '')
}

/** A text field checked by one of the server's order rules, reporting that rule's first message. */
const serverRule = (rule: z.ZodType) =>
  z.string().superRefine((value, context) => {
    const message = refusal(rule, value)
    if (message !== undefined) context.addIssue({ code: 'custom', message })
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

// The billing fields carry the order's own names, so each is checked by the server's rule of that name.
const BILLING_FIELDS = Object.keys(billingShape) as (keyof typeof billingShape)[]

/**
 * Every field follows the server's own order rule (packages/shared/src/schemas/order.ts): the cart page's
 * hints for what is required, and the same length limits, so the form never accepts what the order
 * would refuse after it had been created.
 */
const rule = OrderCreateSchema.shape

export const CheckoutFormSchema = z
  .object({
    email: serverRule(rule.email),
    firstName: serverRule(rule.deliveryFirstName),
    lastName: serverRule(rule.deliveryLastName),
    phoneNumber: serverRule(rule.deliveryPhoneNumber),
    address: serverRule(rule.deliveryAddress),
    city: serverRule(rule.deliveryCity),
    state: serverRule(rule.deliveryState),
    country: serverRule(rule.deliveryCountry),
    postalCode: serverRule(rule.deliveryPostCode),
    billingMode: z.enum(BILLING_MODES),
    billing: z.object(billingShape),
  })
  .superRefine((values, context) => {
    // With 'same as shipping' the billing fields are copies, so only a separate billing address is checked.
    if (values.billingMode !== 'different') return
    for (const field of BILLING_FIELDS) {
      const message = refusal(rule[field], values.billing[field])
      if (message !== undefined) context.addIssue({ code: 'custom', message, path: ['billing', field] })
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
