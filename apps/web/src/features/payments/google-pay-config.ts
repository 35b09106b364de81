/// <reference types="googlepay" />
import type { Pence } from '@larder/shared'

/**
 * The Google Pay demo: the TEST environment, cards from AMEX, VISA and MASTERCARD with PAN_ONLY
 * and CRYPTOGRAM_3DS, and the cart's final total in GBP. The gateway values are Google's documented test
 * ones: no card is charged and no payment reaches the shop.
 */
export const GOOGLE_PAY_ENVIRONMENT = 'TEST' satisfies google.payments.api.Environment

export function googlePayRequest(totalPence: Pence): google.payments.api.PaymentDataRequest {
  return {
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: {
          allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
          allowedCardNetworks: ['AMEX', 'VISA', 'MASTERCARD'],
        },
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: 'example', gatewayMerchantId: 'exampleGatewayMerchantId' },
        },
      },
    ],
    // TEST ignores the merchant id; this is the placeholder from Google's own samples.
    merchantInfo: { merchantId: '12345678901234567890', merchantName: 'Larder' },
    transactionInfo: {
      totalPriceStatus: 'FINAL',
      totalPriceLabel: 'Total',
      totalPrice: (totalPence / 100).toFixed(2),
      currencyCode: 'GBP',
      countryCode: 'GB',
    },
  }
}
