/**
 * The server half of the web build (docs/decisions/0008-server-rendered-pages.md). apps/web/build.mjs
 * bundles this file for Node; apps/server/src/plugins/web-pages.ts loads it once and asks it for every
 * page: `render(url)` gives the status, the `<head>` tags and the markup of #root. The rendering itself is
 * the framework's (framework/ssr/render-page.tsx); this file gives it the app's route table and root.
 */
import { App } from './app/app'
import { routes } from './app/router'
import { serverRenderer } from './framework/ssr/render-page'

export const createPageRenderer = serverRenderer({ routes, App })
