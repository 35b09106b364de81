import { lazy, Suspense } from 'react'
import { usePublicConfig } from '../../../lib/public-config'
import styles from './google-sign-in.module.css'
import { GoogleButtonPlaceholder } from './google-button-placeholder'
import type { GoogleButtonProps } from './google-button'

const GoogleButton = lazy(() => import('./google-button'))

export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured'

/** 'Sign in with Google' when the server has a Google client id; otherwise a disabled button saying why. */
export function GoogleSignIn(props: Omit<GoogleButtonProps, 'clientId'>) {
  const config = usePublicConfig()
  if (config.isPending) return <GoogleButtonPlaceholder />
  if (config.isError) {
    return (
      <div className={styles.google}>
        <GoogleButtonPlaceholder note="We couldn’t check whether Google sign-in is available." />
        <button
          type="button"
          className={styles.retry}
          onClick={() => void config.refetch()}
          disabled={config.isRefetching}
        >
          {config.isRefetching ? 'Checking…' : 'Try again'}
        </button>
      </div>
    )
  }
  const { googleClientId } = config.data
  if (googleClientId === null) return <GoogleButtonPlaceholder note={GOOGLE_NOT_CONFIGURED} />
  return (
    <Suspense fallback={<GoogleButtonPlaceholder />}>
      <GoogleButton clientId={googleClientId} {...props} />
    </Suspense>
  )
}
