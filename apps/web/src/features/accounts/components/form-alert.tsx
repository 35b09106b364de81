import { CircleAlert, CircleCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import styles from './form.module.css'

export interface AlertMessage {
  tone: 'success' | 'error'
  text: ReactNode
}

/**
 * The green / red message box of the auth screens. The live wrapper is always mounted, so screen readers
 * announce a message that arrives after a call rather than only one that was there on load.
 */
export function FormAlert({ message }: { message: AlertMessage | null }) {
  const Icon = message?.tone === 'success' ? CircleCheck : CircleAlert
  return (
    <div aria-live="polite">
      {message && (
        <div
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`${styles.alert} ${message.tone === 'error' ? styles.alertError : styles.alertSuccess}`}
        >
          <Icon aria-hidden="true" size={18} />
          <div>{message.text}</div>
        </div>
      )}
    </div>
  )
}
