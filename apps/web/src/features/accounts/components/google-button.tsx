import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google'
import { useEffect, useState } from 'react'
import { googleNonce } from '../api/google-login'
import styles from './google-sign-in.module.css'
import { GoogleButtonPlaceholder } from './google-button-placeholder'

export interface GoogleButtonProps {
  clientId: string
  disabled: boolean
  /** Google's ID token, or undefined when Google answered without one. */
  onCredential: (credential: string | undefined) => void
  onError: () => void
}

// Google's button lives in an iframe it draws itself: it is wider than any phone column we need at 300 px.
const BUTTON_WIDTH = 300

/** Loaded on demand: Google Identity Services is only needed once someone looks at a log-in screen. */
export default function GoogleButton({ clientId, disabled, onCredential, onError }: GoogleButtonProps) {
  const [scriptFailed, setScriptFailed] = useState(false)
  // Google signs this nonce into its ID token and the server accepts it once: a new one after each use.
  const [nonce, setNonce] = useState<string | null>(null)
  const [nonceFailed, setNonceFailed] = useState(false)
  useEffect(() => {
    if (nonce !== null) return
    let current = true
    googleNonce().then(
      (fresh) => current && setNonce(fresh),
      () => current && setNonceFailed(true),
    )
    return () => {
      current = false
    }
  }, [nonce])
  if (nonceFailed) {
    return <GoogleButtonPlaceholder note="Google sign-in could not be prepared. Please reload the page." />
  }
  if (nonce === null) return <GoogleButtonPlaceholder />
  if (scriptFailed) {
    return <GoogleButtonPlaceholder note="Google sign-in could not be loaded. Please try again later." />
  }
  return (
    <GoogleOAuthProvider clientId={clientId} onScriptLoadError={() => setScriptFailed(true)}>
      {/* Google's iframe cannot be disabled, so it is made inert while a log-in is on its way. */}
      <div
        className={disabled ? `${styles.google} ${styles.busy}` : styles.google}
        inert={disabled ? '' : undefined}
      >
        <GoogleLogin
          onSuccess={(response) => {
            setNonce(null)
            onCredential(response.credential)
          }}
          nonce={nonce}
          onError={onError}
          text="signin_with"
          shape="pill"
          width={BUTTON_WIDTH}
        />
      </div>
    </GoogleOAuthProvider>
  )
}
