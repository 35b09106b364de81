/**
 * Clicks that land on a server-rendered page before its JavaScript has hydrated it would be lost: the
 * markup is there, React's handlers are not. Server-rendered pages carry this script inline in `<head>`; it holds back clicks on buttons,
 * submit buttons included (Enter in a field clicks its form's submit button too), and the browser entry
 * (main.tsx, lib/early-interaction.ts) clicks them again once React owns the page. Links are left alone:
 * they work without JavaScript. If the page's code has not come within 15 s, the held submit buttons of
 * forms that work without it (the search form has an `action`) are clicked for the browser to submit.
 * It also notes the fields typed into, picked or ticked: if React has to render the page afresh (the
 * markup was changed under it, by a translating extension say), those fields are gone from the page and
 * their values are found on the elements noted. The server allows the script by its hash in the CSP.
 */

/** The global the script leaves: a function that stops holding clicks and returns the held buttons. */
export const EARLY_CLICKS_GLOBAL = '__larderReleaseClicks'

/** The global with the fields changed before hydration, in the order first changed. */
export const EARLY_FIELDS_GLOBAL = '__larderEarlyFields'

/** How long held clicks wait for the page's code before forms are left to the browser. */
export const EARLY_CLICKS_GIVE_UP_MS = 15_000

export const EARLY_CLICKS_SCRIPT =
  '(function(){var held=[];' +
  'function hold(event){var target=event.target;' +
  "var button=target instanceof Element&&target.closest('button,[role=button]');" +
  'if(!button||button.disabled)return;' +
  'event.preventDefault();event.stopImmediatePropagation();' +
  'if(held.indexOf(button)<0)held.push(button)}' +
  `var fields=window.${EARLY_FIELDS_GLOBAL}=[];` +
  "function note(event){var target=event.target;if(target instanceof Element&&target.matches('input,textarea,select')" +
  '&&fields.indexOf(target)<0)fields.push(target)}' +
  "var events=['input','change'];" +
  "document.addEventListener('click',hold,true);" +
  'for(var i=0;i<events.length;i++)document.addEventListener(events[i],note,true);' +
  "function release(){document.removeEventListener('click',hold,true);" +
  'for(var i=0;i<events.length;i++)document.removeEventListener(events[i],note,true);' +
  'var buttons=held;held=[];return buttons}' +
  `window.${EARLY_CLICKS_GLOBAL}=release;` +
  'setTimeout(function(){var buttons=release();for(var i=0;i<buttons.length;i++){var button=buttons[i];' +
  "if(button.type==='submit'&&button.form&&button.form.hasAttribute('action'))button.click()}}," +
  `${EARLY_CLICKS_GIVE_UP_MS})})()`
