/**
 * Full page loads, kept apart from React Router: the payment link lives on another site, and the side
 * panel's Check out reloads the cart page (spec, cart side panel). Tests replace this one boundary, as jsdom
 * cannot leave the page.
 */
export function loadPage(url: string) {
  window.location.assign(url)
}
