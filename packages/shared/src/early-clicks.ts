/**
 * Clicks that land on a server-rendered page before its JavaScript has hydrated it would be lost: the
 * markup is there, React's handlers are not. Server-rendered pages carry this script inline in `<head>`;
 * it holds back clicks on buttons that only work with JavaScript, and the browser entry (main.tsx)
 * replays them once React owns the page. Links and submit buttons of forms with an `action` are left
 * alone: they work without JavaScript. The server allows the script by its hash in the CSP.
 */

/** The global the script leaves: a function that stops holding clicks and returns the held buttons. */
export const EARLY_CLICKS_GLOBAL = '__larderReleaseClicks'

export const EARLY_CLICKS_SCRIPT =
  '(function(){var held=[];' +
  'function hold(event){var target=event.target;' +
  "var button=target instanceof Element&&target.closest('button,[role=button]');" +
  "if(!button||button.disabled||(button.type==='submit'&&button.form&&button.form.hasAttribute('action')))return;" +
  'event.preventDefault();event.stopImmediatePropagation();' +
  'if(held.indexOf(button)<0)held.push(button)}' +
  "document.addEventListener('click',hold,true);" +
  `window.${EARLY_CLICKS_GLOBAL}=function(){document.removeEventListener('click',hold,true);return held}})()`
