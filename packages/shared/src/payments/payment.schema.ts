import { z } from 'zod'
import { MAX_ORDER_LINES, orderMessages } from '../orders/order'
import { MAX_PRODUCTS_PER_REGISTRATION } from './payment'
import { OrderIdSchema } from '../orders/order.schema'
import { productIdSchema } from '../catalog/product.schema'

/**
 * Add-to-payment response (stripeProductId, stripePriceIds): the provider's product and its prices, the
 * current one first.
 */
export const AddToPaymentResponseSchema = z.object({
  stripeProductId: z.string(),
  stripePriceIds: z.array(z.string()),
})
export type AddToPaymentResponse = z.infer<typeof AddToPaymentResponseSchema>

export const ProductsWithPricesRequestSchema = z.object({
  productIds: z
    .array(productIdSchema('productIds'), { error: 'productIds must be a list of product ids' })
    .min(1, { message: 'productIds must name at least one product' })
    .max(MAX_PRODUCTS_PER_REGISTRATION, {
      message: `productIds may name at most ${MAX_PRODUCTS_PER_REGISTRATION} products`,
    }),
})

export const ProductWithPricesSchema = AddToPaymentResponseSchema.extend({ productId: z.number().int() })
export const ProductsWithPricesResponseSchema = z.array(ProductWithPricesSchema)

/**
 * Payment-link item (priceId, quantity, orderId, customerId, productIds). Only orderId is read: what is
 * charged comes from the order's stored lines, so a tampered price id, quantity or customer changes nothing.
 */
export const PaymentLinkItemSchema = z.object({
  priceId: z.string().nullish(),
  quantity: z.number().nullish(),
  orderId: OrderIdSchema,
  customerId: z.union([z.string(), z.number()]).nullish(),
  productIds: z.array(z.union([z.string(), z.number()])).nullish(),
})
export type PaymentLinkItem = z.input<typeof PaymentLinkItemSchema>

export const PaymentLinkRequestSchema = z
  .array(PaymentLinkItemSchema)
  .min(1, { message: 'Send at least one payment-link item' })
  .max(MAX_ORDER_LINES, { message: orderMessages.tooManyLines })
  .refine((items) => items.every((item) => item.orderId === items[0]?.orderId), {
    message: 'Every payment-link item must name the same order',
  })

export const PaymentLinkResponseSchema = z.object({ paymentLinkUrl: z.string() })
export type PaymentLinkResponse = z.infer<typeof PaymentLinkResponseSchema>

export const CheckoutSessionQuerySchema = z.object({ orderId: OrderIdSchema })
export const CheckoutSessionResponseSchema = z.object({ url: z.string(), sessionId: z.string() })
export type CheckoutSessionResponse = z.infer<typeof CheckoutSessionResponseSchema>
