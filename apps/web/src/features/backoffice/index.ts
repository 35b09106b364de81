/**
 * The back office (the server's `backoffice` module, the shared `backoffice/`): the shop's side at
 * /vendor, the operator's at /admin, and the accept page of invitations. Only its staff load it: the route
 * table reaches its one page, `backoffice-page.tsx`, through `import()`, and its screens are chunks of
 * their own (`navigation.ts`, where new screens are added).
 */
export type { BackOfficeSection } from './navigation'
// For the product form and table, which live in this feature too: the pictures panel and its screen's link.
export { PicturesPanel } from './components/pictures-panel'
export { productPicturesHref } from './navigation'
