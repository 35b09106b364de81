/**
 * Every URL the storefront links to or routes on, in one place (home, listings, product pages, shops, mall,
 * cart, accounts, policies). Route patterns go to the router; `getHref` builds links with each path segment
 * encoded, so category names such as 'Vegetables & Fruits' survive the round trip.
 */
const segment = (value: string | number) => encodeURIComponent(String(value))

export const paths = {
  home: { path: '/', getHref: () => '/' },
  products: {
    path: '/products',
    getHref: (search?: string) =>
      search && search.trim() !== '' ? `/products?search=${encodeURIComponent(search.trim())}` : '/products',
  },
  /** `/products/{x}`: x is a shop id such as `user-3`, or a level-1 category. */
  productCategory: {
    path: '/products/:l1/:l2?/:l3?',
    getHref: (...levels: [string, ...string[]]) => `/products/${levels.map(segment).join('/')}`,
  },
  productDetail: {
    path: '/product-detail/:id',
    getHref: (id: string | number) => `/product-detail/${segment(id)}`,
  },
  productTemplate: {
    path: '/products2nd/:id',
    getHref: (id: string | number) => `/products2nd/${segment(id)}`,
  },
  shops: { path: '/shops', getHref: () => '/shops' },
  mall: { path: '/freebymall', getHref: () => '/freebymall' },
  /** The spec lists the mall with two or three category levels, never one. */
  mallCategory: {
    path: '/freebymall/:l1/:l2/:l3?',
    getHref: (l1: string, l2: string, l3?: string) =>
      `/freebymall/${[l1, l2, l3]
        .filter((level) => level !== undefined)
        .map(segment)
        .join('/')}`,
  },
  aboutUs: { path: '/aboutus', getHref: () => '/aboutus' },
  contactUs: { path: '/contactus', getHref: () => '/contactus' },
  cart: { path: '/cart-page', getHref: () => '/cart-page' },
  /** `next`: where to go once logged in (features/accounts/hooks/use-complete-login.ts allows a few). */
  login: {
    path: '/login',
    getHref: (next?: string) => (next ? `/login?next=${encodeURIComponent(next)}` : '/login'),
  },
  register: { path: '/register', getHref: () => '/register' },
  forgotPassword: { path: '/login/forgot-password', getHref: () => '/login/forgot-password' },
  resetPassword: {
    path: '/reset-password',
    getHref: (key?: string) => (key ? `/reset-password?key=${encodeURIComponent(key)}` : '/reset-password'),
  },
  refundPolicy: { path: '/refund-policy', getHref: () => '/refund-policy' },
  privacyPolicy: { path: '/privacy-policy', getHref: () => '/privacy-policy' },
  terms: { path: '/terms-and-conditions', getHref: () => '/terms-and-conditions' },
  demoLogin: { path: '/test', getHref: () => '/test' },
  demoLogin2: { path: '/test2', getHref: () => '/test2' },
  categoryList: { path: '/category-list', getHref: () => '/category-list' },
  googlePay: { path: '/googlepay', getHref: () => '/googlepay' },
  account: { path: '/account', getHref: () => '/account' },
  orderConfirmation: {
    path: '/order-confirmation/:orderId',
    getHref: (orderId: string) => `/order-confirmation/${segment(orderId)}`,
  },
} as const
