import { RouterProvider } from 'react-router/dom'
import { AppProvider } from './provider'
import { createAppRouter } from './router'

// One router for the page's lifetime; created outside React so StrictMode cannot make a second one.
const router = createAppRouter()

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  )
}
