/**
 * Inline script of server-rendered pages, in `<head>` (compiled by the `?inline-script` import in
 * framework/ssr/page-head.ts; the server allows it by its hash in the CSP). This module runs when loaded: import
 * only its names (names.ts), never the module itself.
 *
 * Clicks that land on a server-rendered page before its JavaScript has hydrated it would be lost: the
 * markup is there, React's handlers are not. So this script holds back clicks on buttons, submit buttons
 * included (Enter in a field clicks its form's submit button too), and the browser start (framework/browser/start-app.tsx,
 * framework/browser/early-interaction.ts) clicks them again once React owns the page. Links are left alone: they work
 * without JavaScript. If the page's code has not come within 15 s, the held submit buttons of forms that
 * work without it (the search form has an `action`) are clicked for the browser to submit.
 *
 * It also notes the fields typed into, picked or ticked: if React has to render the page afresh (the
 * markup was changed under it, by a translating extension say), those fields are gone from the page and
 * their values are found on the elements noted.
 */
import { EARLY_CLICKS_GIVE_UP_MS, EARLY_CLICKS_GLOBAL, EARLY_FIELDS_GLOBAL } from './names'

declare global {
  interface Window {
    [EARLY_CLICKS_GLOBAL]?: () => Element[]
    [EARLY_FIELDS_GLOBAL]?: Element[]
  }
}

let held: Element[] = []

/** Holds a click on an enabled button (or an element playing one) until hydration, once per button. */
function hold(event: Event) {
  const target = event.target
  const button = target instanceof Element && target.closest('button,[role=button]')
  // A disabled button does nothing when clicked, before hydration or after.
  if (!button || ('disabled' in button && button.disabled)) return
  event.preventDefault()
  event.stopImmediatePropagation()
  if (held.indexOf(button) < 0) held.push(button)
}

const fields: Element[] = (window[EARLY_FIELDS_GLOBAL] = [])

/** Notes a field the first time it changes, so its value can be found if React replaces the page. */
function note(event: Event) {
  const target = event.target
  if (target instanceof Element && target.matches('input,textarea,select') && fields.indexOf(target) < 0)
    fields.push(target)
}

const FIELD_EVENTS = ['input', 'change']

// Capturing, so that the click is held before any handler on the way to the button sees it.
document.addEventListener('click', hold, true)
for (const type of FIELD_EVENTS) document.addEventListener(type, note, true)

/** Stops holding and noting, and hands over the held buttons in the order first clicked. */
function release(): Element[] {
  document.removeEventListener('click', hold, true)
  for (const type of FIELD_EVENTS) document.removeEventListener(type, note, true)
  const buttons = held
  held = []
  return buttons
}

window[EARLY_CLICKS_GLOBAL] = release

// The page's code has not come: a form that works without JavaScript is submitted by the browser
// instead; every other held click stays lost, as it would have been without this script.
setTimeout(() => {
  for (const button of release())
    if (
      (button instanceof HTMLButtonElement || button instanceof HTMLInputElement) &&
      button.type === 'submit' &&
      button.form &&
      button.form.hasAttribute('action')
    )
      button.click()
}, EARLY_CLICKS_GIVE_UP_MS)
