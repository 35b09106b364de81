import type { ComponentType, ReactNode } from 'react'
import { paths } from '../config/paths'
import { ErrorBoundary } from '../lib/error-boundary'
import { page, type PageRoute } from '../framework/routing/page-route'
import { LocationProvider, RouteSwitch, useLocation, type RouteDefinition } from '../framework/routing/router'
import { RootHydrateFallback, RootLayout } from './layout/root-layout'
import { RootError, RouteError } from './route-error'

export type AppRoute = RouteDefinition

const listing = page('features/catalog/product-listing-page', () =>
  import('../features/catalog/product-listing-page').then((m) => m.ProductListingPage),
)
const mall = page('features/mall/mall-page', () =>
  import('../features/mall/mall-page').then((m) => m.MallPage),
)
// The back office: one lazy chunk for its areas and the invitation page, loaded only by those who open them.
const backOffice = page(
  'features/backoffice/backoffice-page',
  () => import('../features/backoffice/backoffice-page').then((m) => m.BackOfficePage),
  'browser',
)

/**
 * The route table, first match wins: plain data (a path pattern and a lazy page) that a
 * server entry can render as well.
 */
export const routes: readonly PageRoute[] = [
  {
    path: paths.home.path,
    ...page('features/home/home-page', () => import('../features/home/home-page').then((m) => m.HomePage)),
  },
  { path: paths.products.path, ...listing },
  { path: paths.productCategory.path, ...listing },
  {
    path: paths.productDetail.path,
    ...page('features/product/product-detail-page', () =>
      import('../features/product/product-detail-page').then((m) => m.ProductDetailPage),
    ),
  },
  {
    path: paths.productTemplate.path,
    ...page('features/product/product-template-page', () =>
      import('../features/product/product-template-page').then((m) => m.ProductTemplatePage),
    ),
  },
  {
    path: paths.shops.path,
    ...page('features/shops/shops-page', () =>
      import('../features/shops/shops-page').then((m) => m.ShopsPage),
    ),
  },
  { path: paths.mall.path, ...mall },
  { path: paths.mallCategory.path, ...mall },
  {
    path: paths.aboutUs.path,
    ...page('features/content/about-us-page', () =>
      import('../features/content/about-us-page').then((m) => m.AboutUsPage),
    ),
  },
  {
    path: paths.contactUs.path,
    ...page('features/content/contact-us-page', () =>
      import('../features/content/contact-us-page').then((m) => m.ContactUsPage),
    ),
  },
  {
    path: paths.refundPolicy.path,
    ...page('features/content/refund-policy-page', () =>
      import('../features/content/refund-policy-page').then((m) => m.RefundPolicyPage),
    ),
  },
  {
    path: paths.privacyPolicy.path,
    ...page('features/content/privacy-policy-page', () =>
      import('../features/content/privacy-policy-page').then((m) => m.PrivacyPolicyPage),
    ),
  },
  {
    path: paths.terms.path,
    ...page('features/content/terms-page', () =>
      import('../features/content/terms-page').then((m) => m.TermsPage),
    ),
  },
  {
    path: paths.cart.path,
    ...page(
      'features/orders/cart-checkout-page',
      () => import('../features/orders/cart-checkout-page').then((m) => m.loadCartCheckoutPage()),
      'browser',
    ),
  },
  {
    path: paths.login.path,
    ...page(
      'features/accounts/login-page',
      () => import('../features/accounts/login-page').then((m) => m.LoginPage),
      'browser',
    ),
  },
  {
    path: paths.register.path,
    ...page(
      'features/accounts/register-page',
      () => import('../features/accounts/register-page').then((m) => m.RegisterPage),
      'browser',
    ),
  },
  {
    path: paths.forgotPassword.path,
    ...page(
      'features/accounts/forgot-password-page',
      () => import('../features/accounts/forgot-password-page').then((m) => m.ForgotPasswordPage),
      'browser',
    ),
  },
  {
    path: paths.resetPassword.path,
    ...page(
      'features/accounts/reset-password-page',
      () => import('../features/accounts/reset-password-page').then((m) => m.ResetPasswordPage),
      'browser',
    ),
  },
  {
    path: paths.demoLogin.path,
    ...page(
      'features/accounts/demo-login-page',
      () => import('../features/accounts/demo-login-page').then((m) => m.DemoLoginPage),
      'browser',
    ),
  },
  {
    path: paths.demoLogin2.path,
    ...page(
      'features/accounts/demo-login-page',
      () => import('../features/accounts/demo-login-page').then((m) => m.DemoLoginPage2),
      'browser',
    ),
  },
  {
    path: paths.categoryList.path,
    ...page('features/catalog/category-list-page', () =>
      import('../features/catalog/category-list-page').then((m) => m.CategoryListPage),
    ),
  },
  {
    path: paths.googlePay.path,
    ...page(
      'features/payments/google-pay-page',
      () => import('../features/payments/google-pay-page').then((m) => m.GooglePayPage),
      'browser',
    ),
  },
  {
    path: paths.account.path,
    ...page(
      'features/accounts/account-page',
      () => import('../features/accounts/account-page').then((m) => m.AccountPage),
      'browser',
    ),
  },
  {
    path: paths.orderConfirmation.path,
    ...page(
      'features/orders/order-confirmation-page',
      () => import('../features/orders/order-confirmation-page').then((m) => m.OrderConfirmationPage),
      'browser',
    ),
  },
  { path: '/vendor/*?', ...backOffice },
  { path: '/admin/*?', ...backOffice },
  { path: '/accept-invitation', ...backOffice },
  { path: '*', ...page('app/not-found-page', () => import('./not-found-page').then((m) => m.NotFoundPage)) },
]

/** The frame around the pages and what shows while the first page's code loads. */
export interface Shell {
  Layout: ComponentType<{ children: ReactNode }>
  Loading: ComponentType
}

export const rootShell: Shell = { Layout: RootLayout, Loading: RootHydrateFallback }

function Page({ routes }: { routes: readonly AppRoute[] }) {
  const location = useLocation()
  // A pathless boundary inside the layout, so a failing page keeps the navbar and footer around its
  // message; the next navigation tries again.
  return (
    <ErrorBoundary fallback={RouteError} resetKey={location}>
      <RouteSwitch routes={routes} />
    </ErrorBoundary>
  )
}

/** The app below the router: the page for the current URL inside the layout. */
export function AppRoutes({
  routes: table = routes,
  shell = rootShell,
  startWithPage = false,
}: {
  routes?: readonly AppRoute[]
  shell?: Shell
  /** Render the page at once rather than the loading shell first: see LocationProvider. */
  startWithPage?: boolean
}) {
  const { Layout, Loading } = shell
  return (
    <ErrorBoundary fallback={RootError}>
      <LocationProvider loading={<Loading />} startWithPage={startWithPage}>
        <Layout>
          <Page routes={table} />
        </Layout>
      </LocationProvider>
    </ErrorBoundary>
  )
}
