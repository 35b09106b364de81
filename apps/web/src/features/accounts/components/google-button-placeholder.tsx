import styles from './google-sign-in.module.css'
import { GoogleMark } from './google-mark'

/** A disabled 'Sign in with Google' with the reason beside it (and as its tooltip). */
export function GoogleButtonPlaceholder({ note }: { note?: string }) {
  return (
    <div className={styles.google}>
      <button
        type="button"
        className={styles.placeholder}
        disabled
        title={note}
        aria-describedby={note ? 'google-sign-in-note' : undefined}
      >
        <GoogleMark />
        Sign in with Google
      </button>
      {note && (
        <p id="google-sign-in-note" className={styles.note}>
          {note}
        </p>
      )}
    </div>
  )
}
