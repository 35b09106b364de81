import type { ComponentType } from 'react'
import { createBrowserRouter, type RouteObject } from 'react-router'
import { paths } from '../config/paths'
import { RootHydrateFallback, RootLayout } from './layout/root-layout'
import { NotFoundPage } from './not-found-page'
import { RootError, RouteError } from './route-error'

// Every page is its own chunk, so the first visit downloads the shell plus one page.
function page(load: () => Promise<ComponentType>): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: await load() }) }
}

const listing = page(() =>
  import('../features/catalog/product-listing-page').then((m) => m.ProductListingPage),
)
const mall = page(() => import('../features/mall/mall-page').then((m) => m.MallPage))

const pages: RouteObject[] = [
  { index: true, ...page(() => import('../features/home/home-page').then((m) => m.HomePage)) },
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
  // Not lazy: the error boundary shows it too, so it is in the main chunk anyway.
  { path: '*', Component: NotFoundPage },
]

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: RootHydrateFallback,
    ErrorBoundary: RootError,
    // A pathless layer, so a failing page keeps the navbar and footer around its error message.
    children: [{ ErrorBoundary: RouteError, children: pages }],
  },
]

export function createAppRouter() {
  return createBrowserRouter(routes)
}
