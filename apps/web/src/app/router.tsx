import { lazy, type ComponentType, type ReactNode } from 'react'
import { paths } from '../config/paths'
import { ErrorBoundary } from '../lib/error-boundary'
import { LocationProvider, RouteSwitch, useLocation, type RouteDefinition } from '../lib/router'
import { RootHydrateFallback, RootLayout } from './layout/root-layout'
import { RootError, RouteError } from './route-error'

export type AppRoute = RouteDefinition

// Every page is its own chunk, so the first visit downloads the shell plus one page.
function page(load: () => Promise<ComponentType>): Pick<AppRoute, 'Component'> {
  return { Component: lazy(async () => ({ default: await load() })) }
}

const listing = page(() =>
  import('../features/catalog/product-listing-page').then((m) => m.ProductListingPage),
)
const mall = page(() => import('../features/mall/mall-page').then((m) => m.MallPage))

/**
 * The route table, first match wins: plain data (a path pattern and a lazy page) that a
 * server entry can render as well.
 */
export const routes: readonly AppRoute[] = [
  { path: paths.home.path, ...page(() => import('../features/home/home-page').then((m) => m.HomePage)) },
  { path: paths.products.path, ...listing },
  { path: paths.productCategory.path, ...listing },
  {
    path: paths.productDetail.path,
    ...page(() => import('../features/product/product-detail-page').then((m) => m.ProductDetailPage)),
  },
  {
    path: paths.productTemplate.path,
    ...page(() => import('../features/product/product-template-page').then((m) => m.ProductTemplatePage)),
  },
  { path: paths.shops.path, ...page(() => import('../features/shops/shops-page').then((m) => m.ShopsPage)) },
  { path: paths.mall.path, ...mall },
  { path: paths.mallCategory.path, ...mall },
  {
    path: paths.aboutUs.path,
    ...page(() => import('../features/content/about-us-page').then((m) => m.AboutUsPage)),
  },
  {
    path: paths.contactUs.path,
    ...page(() => import('../features/content/contact-us-page').then((m) => m.ContactUsPage)),
  },
  {
    path: paths.refundPolicy.path,
    ...page(() => import('../features/content/refund-policy-page').then((m) => m.RefundPolicyPage)),
  },
  {
    path: paths.privacyPolicy.path,
    ...page(() => import('../features/content/privacy-policy-page').then((m) => m.PrivacyPolicyPage)),
  },
  {
    path: paths.terms.path,
    ...page(() => import('../features/content/terms-page').then((m) => m.TermsPage)),
  },
  { path: paths.cart.path, ...page(() => import('../features/cart/cart-page').then((m) => m.CartPage)) },
  { path: paths.login.path, ...page(() => import('../features/auth/login-page').then((m) => m.LoginPage)) },
  {
    path: paths.register.path,
    ...page(() => import('../features/auth/register-page').then((m) => m.RegisterPage)),
  },
  {
    path: paths.forgotPassword.path,
    ...page(() => import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage)),
  },
  {
    path: paths.resetPassword.path,
    ...page(() => import('../features/auth/reset-password-page').then((m) => m.ResetPasswordPage)),
  },
  {
    path: paths.demoLogin.path,
    ...page(() => import('../features/auth/demo-login-page').then((m) => m.DemoLoginPage)),
  },
  {
    path: paths.demoLogin2.path,
    ...page(() => import('../features/auth/demo-login-page').then((m) => m.DemoLoginPage2)),
  },
  {
    path: paths.categoryList.path,
    ...page(() => import('../features/catalog/category-list-page').then((m) => m.CategoryListPage)),
  },
  {
    path: paths.googlePay.path,
    ...page(() => import('../features/checkout/google-pay-page').then((m) => m.GooglePayPage)),
  },
  {
    path: paths.account.path,
    ...page(() => import('../features/account/account-page').then((m) => m.AccountPage)),
  },
  {
    path: paths.orderConfirmation.path,
    ...page(() =>
      import('../features/checkout/order-confirmation-page').then((m) => m.OrderConfirmationPage),
    ),
  },
  { path: '*', ...page(() => import('./not-found-page').then((m) => m.NotFoundPage)) },
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
}: {
  routes?: readonly AppRoute[]
  shell?: Shell
}) {
  const { Layout, Loading } = shell
  return (
    <ErrorBoundary fallback={RootError}>
      <LocationProvider loading={<Loading />}>
        <Layout>
          <Page routes={table} />
        </Layout>
      </LocationProvider>
    </ErrorBoundary>
  )
}
