/**
 * The contract between the server and the web app, grouped by feature as the server's modules are
 * (`accounts`, `catalog`, `contact`, `orders`, `payments`, `shops`, plus the web's `delivery` and what all
 * share in `common`). Each feature's zod schemas live in its `*.schema.ts` files, and only there: with
 * `"sideEffects": false` a bundle keeps only the modules whose exports it uses, so the web app's pages can
 * import helpers and types from the plain modules without loading zod
 * (docs/decisions/0007-browser-trusts-typed-responses.md; `zod-free.test.ts` checks it).
 */
export * from './accounts/account'
export * from './accounts/account.schema'
export * from './backoffice/backoffice'
export * from './backoffice/backoffice.schema'
export * from './backoffice/operator'
export * from './backoffice/operator.schema'
export * from './backoffice/product-edit'
export * from './backoffice/product-edit.schema'
export * from './backoffice/vendor-product.schema'
export * from './backoffice/shop-orders'
export * from './backoffice/shop-orders.schema'
export * from './catalog/category.schema'
export * from './catalog/pictures'
export * from './catalog/product'
export * from './catalog/product.schema'
export * from './catalog/search'
export * from './catalog/search-help.schema'
export * from './catalog/search-text'
export * from './common/errors.schema'
export * from './common/money'
export * from './common/page-rendering'
export * from './common/pagination'
export * from './common/pagination.schema'
export * from './common/policy-dates'
export * from './contact/contact'
export * from './contact/contact.schema'
export * from './delivery/cities'
export * from './delivery/postcode-districts'
export * from './orders/order'
export * from './orders/order.schema'
export * from './orders/payment-shown'
export * from './payments/payment'
export * from './payments/payment.schema'
export * from './shops/shop.schema'
