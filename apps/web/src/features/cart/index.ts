/**
 * The cart: its store and totals, Add to Cart, the navbar's count and side panel, and the cart page's
 * lines (the checkout feature puts its form beside them).
 */
export { addToCartAction, AddToCartButton } from './add-to-cart-button'
export { useCartCount } from './cart-count'
export { CartPage } from './cart-page'
export { CartPanelHost, preloadCartPanel } from './cart-panel-host'
export { openCartPanel } from './cart-panel-state'
export { type CartItem, readCart, removePaidLines, useCart } from './cart-store'
export { lineTotalPence, subtotalPence, totalPence, unitPricePence } from './cart-totals'
export { CartSummary } from './components/cart-summary'
export { UnitPrice } from './components/unit-price'
