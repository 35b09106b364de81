import './styles/global.css'
import { App } from './app/app'
import { routes } from './app/router'
import { startApp } from './framework/browser/start-app'

// The browser's entry: the framework hydrates a server-rendered page or renders one from scratch
// (framework/browser/start-app.tsx).
startApp({ routes, App })
