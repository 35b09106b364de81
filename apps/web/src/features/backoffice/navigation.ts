import type { ComponentType } from 'react'
import type { BackOfficeArea } from './api/backoffice-api'

/**
 * A screen of the back office and its entry in the navigation. Screens are chunks of their own, loaded
 * the first time they are opened, so the back office's first load is its shell and one screen.
 *
 * To add a screen (orders, pictures, imports, the operator's shops…), add an entry to `vendorSections` or
 * `adminSections`: its `path` is the first segment under /vendor or /admin, and the screen reads anything
 * further (`/vendor/orders/123`) from the location itself. The server side of a screen registers its
 * routes through the back-office scopes (apps/server/src/modules/backoffice/backoffice-scopes.ts).
 */
export interface BackOfficeSection {
  /** The first path segment under the area ('' for its home screen). */
  path: string
  label: string
  load: () => Promise<ComponentType>
  /**
   * For a screen below another section's path (`products/12/pictures`, `products/import`): the rest of
   * the path after /vendor/ that opens it, matched before the sections' first segments.
   */
  pattern?: RegExp
  /** Left out of the menu: a screen reached from another (a product's pictures, from its row). */
  hidden?: boolean
}

export const vendorSections: readonly BackOfficeSection[] = [
  { path: '', label: 'Today', load: () => import('./screens/today-screen').then((m) => m.TodayScreen) },
  {
    path: 'products',
    label: 'Products',
    load: () => import('./screens/products-screen').then((m) => m.ProductsScreen),
  },
  {
    path: 'shop',
    label: 'Shop profile',
    load: () => import('./screens/shop-profile-screen').then((m) => m.ShopProfileScreen),
  },
  {
    path: 'orders',
    label: 'Orders',
    load: () => import('./screens/shop-orders-screen').then((m) => m.ShopOrdersScreen),
  },
  { path: 'team', label: 'Team', load: () => import('./screens/team-screen').then((m) => m.TeamScreen) },
  {
    path: 'products/import',
    label: 'Import and export',
    pattern: /^products\/import\/?$/i,
    load: () => import('./screens/product-import-screen').then((m) => m.ProductImportScreen),
  },
  {
    path: 'products/:id/pictures',
    label: 'Pictures',
    pattern: /^products\/\d+\/pictures\/?$/i,
    hidden: true,
    load: () => import('./screens/pictures-screen').then((m) => m.PicturesScreen),
  },
]

export { productPicturesHref } from './product-hrefs'

export const adminSections: readonly BackOfficeSection[] = [
  {
    path: '',
    label: 'Invitations',
    load: () => import('./screens/admin-invite-screen').then((m) => m.AdminInviteScreen),
  },
  {
    path: 'orders',
    label: 'Orders',
    load: () => import('./screens/admin-orders-screen').then((m) => m.AdminOrdersScreen),
  },
  {
    path: 'shops',
    label: 'Shops',
    load: () => import('./screens/operator/shops-screen').then((m) => m.ShopsScreen),
  },
  {
    path: 'categories',
    label: 'Category tree',
    load: () => import('./screens/operator/categories-screen').then((m) => m.CategoriesScreen),
  },
  {
    path: 'messages',
    label: 'Messages',
    load: () => import('./screens/operator/messages-screen').then((m) => m.MessagesScreen),
  },
  {
    path: 'users',
    label: 'Users',
    load: () => import('./screens/operator/users-screen').then((m) => m.UsersScreen),
  },
  {
    path: 'audit-log',
    label: 'Audit log',
    load: () => import('./screens/audit-log-screen').then((m) => m.AuditLogScreen),
  },
]

export const sectionsOf = (area: BackOfficeArea) => (area === 'vendor' ? vendorSections : adminSections)

/** The href of a section: `/vendor`, `/vendor/products`. */
export const sectionHref = (area: BackOfficeArea, section: { path: string }) =>
  section.path === '' ? `/${area}` : `/${area}/${section.path}`

/** The section a pathname opens: by its first segment under the area, or undefined (not found). */
export function sectionFor(area: BackOfficeArea, pathname: string): BackOfficeSection | undefined {
  const rest = pathname.replace(new RegExp(`^/${area}/?`, 'i'), '')
  const below = sectionsOf(area).find((section) => section.pattern?.test(rest))
  if (below) return below
  const first = rest.split('/')[0] ?? ''
  return sectionsOf(area).find((section) => !section.pattern && section.path === first.toLowerCase())
}
