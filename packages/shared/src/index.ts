/**
 * The contract between the server and the web app. Modules in this folder are plain TypeScript; the zod
 * schemas live in `schemas/`, and only there. With `"sideEffects": false` a bundle keeps only the modules
 * whose exports it uses, so the web app's pages can import helpers and types from here without loading
 * zod (docs/decisions/0007-browser-trusts-typed-responses.md).
 */
export * from './account'
export * from './cities'
export * from './money'
export * from './order'
export * from './pagination'
export * from './page-rendering'
export * from './payment'
export * from './product'
export * from './search'

export * from './schemas/account'
export * from './schemas/category'
export * from './schemas/contact'
export * from './schemas/errors'
export * from './schemas/order'
export * from './schemas/pagination'
export * from './schemas/payment'
export * from './schemas/product'
export * from './schemas/shop'
export * from './pictures'
