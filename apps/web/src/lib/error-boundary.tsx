import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react'

interface ErrorBoundaryProps {
  fallback: ComponentType<{ error: unknown }>
  /** When this changes (the location, say), the boundary tries its children again. */
  resetKey?: unknown
  children: ReactNode
}

interface ErrorBoundaryState {
  failed: boolean
  error: unknown
  resetKey: unknown
}

/** Shows `fallback` instead of children that threw while rendering (a page chunk that failed to load). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: null, resetKey: this.props.resetKey }

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failed: true, error }
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (Object.is(props.resetKey, state.resetKey)) return null
    return { failed: false, error: null, resetKey: props.resetKey }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack)
  }

  override render() {
    const { fallback: Fallback, children } = this.props
    return this.state.failed ? <Fallback error={this.state.error} /> : children
  }
}
