/**
 * The checkout form's schema, which the form and the draft check import lazily (lib/lazy-zod-resolver.ts,
 * checkout-draft.ts): it and zod make a chunk of their own, outside the cart page's first load. Plain
 * values and helpers of the form are in checkout-values.ts; nothing else may import this module
 * statically, or zod would come back into that first load.
 */
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
 * Every field follows the server's own order rule (packages/shared/src/orders/order.schema.ts): the cart page's
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

/** A draft kept in session storage (checkout-draft.ts): whose it is, and the form's values. */
export const CheckoutDraftSchema = z.object({ owner: z.string().nullable(), values: CheckoutFormSchema })
export type CheckoutDraft = z.output<typeof CheckoutDraftSchema>
