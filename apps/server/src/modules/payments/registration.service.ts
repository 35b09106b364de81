import { DELIVERY_CHARGE_PENCE, effectivePricePence, type AddToPaymentResponse } from '@larder/shared'
import { ConflictError, NotFoundError } from '../../lib/domain-errors'
import { idempotencyKeys, type PaymentProvider } from '../../providers/payments/payment-provider'
import type { PaymentsRepository } from './payments.repository'

type RegistrationRow = NonNullable<Awaited<ReturnType<PaymentsRepository['productForRegistration']>>>

export const registrationErrors = {
  notFound: (id: number) => `Product ${id} was not found.`,
  outOfStock: (name: string) => `Sorry, "${name}" is out of stock.`,
}

/** Product pictures for the provider's page: only when the shop is reachable over https can it fetch them. */
const imageUrls = (images: string[], publicUrl: string) =>
  publicUrl.startsWith('https:') ? images.map((image) => new URL(image, publicUrl).toString()) : []

/**
 * Registers catalogue products and their prices with the payment provider, once each. The product row is
 * locked while it is registered, so twenty shoppers clicking Add to Cart at once make one provider product
 * and one price; the provider's idempotency keys cover a crash between its answer and our commit.
 */
export function createRegistrationService(deps: {
  repository: PaymentsRepository
  provider: PaymentProvider
  publicUrl: string
}) {
  const { repository, provider } = deps
  let deliveryPriceId: string | undefined

  const response = (row: { stripeProductId: string | null; stripePriceIds: string[] }) => {
    if (!row.stripeProductId) throw new Error('product registered without a provider product id')
    return { stripeProductId: row.stripeProductId, stripePriceIds: row.stripePriceIds }
  }

  /** Already done: the product is known to the provider and its list leads with the price for `pence`. */
  const registeredAt = async (row: RegistrationRow, pence: number) =>
    row.stripeProductId !== null &&
    row.stripePriceIds[0] !== undefined &&
    (await repository.providerPrice(row.id, pence)) === row.stripePriceIds[0]

  /**
   * The provider price for `pence` (default: the current effective price), making the product and the price
   * when missing. The current price leads the product's list (the spec's stripePriceIds); an older price a
   * stored line still charges joins the end.
   */
  async function ensurePrice(productId: number, pence?: number) {
    return repository.transaction(async (tx) => {
      const row = await repository.lockProductForRegistration(tx, productId)
      if (!row) throw new NotFoundError(registrationErrors.notFound(productId))
      const current = effectivePricePence(row)
      const amount = pence ?? current
      const stripeProductId =
        row.stripeProductId ??
        (
          await provider.registerProduct({
            productId: row.id,
            name: row.productName,
            description: row.productDescription,
            images: imageUrls(row.images, deps.publicUrl),
          })
        ).productId
      let priceId = await repository.providerPrice(row.id, amount, tx)
      if (!priceId) {
        const created = await provider.registerPrice({
          providerProductId: stripeProductId,
          unitAmountPence: amount,
          idempotencyKey: idempotencyKeys.price(row.id, amount),
        })
        priceId = created.priceId
        await repository.saveProviderPrice(tx, row.id, amount, priceId)
      }
      const others = row.stripePriceIds.filter((id) => id !== priceId)
      const stripePriceIds =
        amount === current
          ? [priceId, ...others]
          : row.stripePriceIds.includes(priceId)
            ? row.stripePriceIds
            : [...row.stripePriceIds, priceId]
      await repository.setProductProviderIds(tx, row.id, stripeProductId, stripePriceIds)
      return { priceId, stripeProductId, stripePriceIds }
    })
  }

  return {
    /**
     * Add to Cart (registered with the provider before the line enters the cart): the product and its current
     * effective price, for a product in stock.
     */
    async registerForCart(productId: number): Promise<AddToPaymentResponse> {
      const row = await repository.productForRegistration(productId)
      if (!row) throw new NotFoundError(registrationErrors.notFound(productId))
      if (row.qty <= 0) throw new ConflictError(registrationErrors.outOfStock(row.productName))
      if (await registeredAt(row, effectivePricePence(row))) return response(row)
      return response(await ensurePrice(productId))
    },

    /** The provider price a stored order line is charged at (its price when it was added). */
    async priceForLine(productId: number, pence: number): Promise<string> {
      const known = await repository.providerPrice(productId, pence)
      return known ?? (await ensurePrice(productId, pence)).priceId
    },

    /** The flat delivery charge as a provider price, made once and then remembered. */
    async deliveryPrice(): Promise<string> {
      if (deliveryPriceId) return deliveryPriceId
      const key = idempotencyKeys.deliveryPrice(DELIVERY_CHARGE_PENCE)
      let priceId = await repository.providerObject(key)
      if (!priceId) {
        const created = await provider.ensureDeliveryPrice(DELIVERY_CHARGE_PENCE)
        await repository.saveProviderObjects([
          { key: idempotencyKeys.deliveryProduct(), providerId: created.productId },
          { key, providerId: created.priceId },
        ])
        // Two first checkouts at once both asked the provider (same keys, same objects); one row won.
        priceId = (await repository.providerObject(key)) ?? created.priceId
      }
      deliveryPriceId = priceId
      return priceId
    },
  }
}

export type RegistrationService = ReturnType<typeof createRegistrationService>
