/**
 * A server-rendered page is complete without JavaScript until a shopper acts on it, so its scripts wait
 * for the first paint: they do not compete with the page and its first images for a slow connection, and
 * a script cannot run before that paint (docs/decisions/0012-first-paint.md). Such a page carries this
 * script inline in `<head>` instead of the entry's `<script type="module">` and modulepreloads; its
 * element names the files (`data-entry`, `data-modules`, space-separated). Clicks in the meantime are held
 * and replayed (early-clicks.ts). The server allows the script by its hash in the CSP.
 *
 * It starts the downloads when the browser reports the first contentful paint; where it cannot report
 * one, at once.
 * A background tab paints when it is shown, so it loads nothing until then.
 *
 * The entry goes first, then the modulepreloads, `PRELOADS_PER_TASK` to a task: starting a request
 * costs the main thread about a millisecond, and the twenty of the home page in one task made a 10-22 ms
 * task just after the first paint, which Lighthouse's 4x slower phone counts as blocking. All are
 * requested long before the entry has arrived and asks for its imports.
 */
export const PRELOADS_PER_TASK = 4

export const ENTRY_AFTER_PAINT_SCRIPT =
  '(function(el){var started=false;' +
  'function add(tag,attrs){var node=document.createElement(tag);node.crossOrigin="";' +
  'for(var key in attrs)node.setAttribute(key,attrs[key]);document.head.appendChild(node)}' +
  'function start(){if(started)return;started=true;' +
  'add("script",{type:"module",src:el.getAttribute("data-entry")});' +
  'var modules=(el.getAttribute("data-modules")||"").split(" ").filter(Boolean);' +
  '(function next(){' +
  `var batch=modules.splice(0,${PRELOADS_PER_TASK});` +
  'for(var i=0;i<batch.length;i++)add("link",{rel:"modulepreload",href:batch[i]});' +
  'if(modules.length)setTimeout(next)})()}' +
  'var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;' +
  'if(!types||types.indexOf("paint")<0)return start();' +
  // The first paint may be the background alone: the first contentful one is the page.
  "new PerformanceObserver(function(list,observer){if(!list.getEntriesByName('first-contentful-paint').length)return;" +
  'observer.disconnect();start()})' +
  '.observe({type:"paint",buffered:true})})(document.currentScript)'
