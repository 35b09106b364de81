/**
 * The catalogue: what other features and app/ may use of it. Its pages are reached through the route
 * table (app/router.tsx), each a chunk of its own, so they are not exported here.
 */
export { useCategories, visibleCategories } from './api/get-categories'
export { findCategoryPath } from './category-lookup'
export { useProduct } from './api/get-product'
export { type ProductFilter, productsQueryOptions, useProducts } from './api/get-products'
export { CardSkeleton } from './components/card-skeleton'
export { CategoryLinks } from './components/category-links'
export { PriceBlock } from './components/price-block'
export { ProductCard } from './components/product-card'
export { ProductGrid } from './components/product-grid'
export { SearchBox } from './components/search-box'
