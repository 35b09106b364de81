import { Component, type ReactNode } from 'react'

interface FallbackBoundaryProps {
  fallback: ReactNode
  children: ReactNode
}

/**
 * Shows `fallback` instead of a part that failed (a chunk lost after a deploy, a browser without an API
 * the carousel needs), so an optional extra never takes the whole page down with it.
 */
export class FallbackBoundary extends Component<FallbackBoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.warn('Showing the simple version of a part that failed', error)
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
