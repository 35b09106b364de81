import { X } from 'lucide-react'
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import styles from './template-dialog.module.css'

interface TemplateDialogProps {
  open: boolean
  onClose: () => void
  title: string
  /** Where the panel sits: a centred modal, a narrow one near the top, or a drawer from either side. */
  placement?: 'center' | 'top' | 'left' | 'right'
  children: ReactNode
}

/**
 * A native modal `<dialog>`: the browser traps focus, makes the page behind inert and closes on Escape.
 * Focus goes back by hand as well, for browsers (and jsdom) without `showModal`. Put `data-autofocus` on
 * the control that should take focus when it opens.
 */
export function TemplateDialog({
  open,
  onClose,
  title,
  placement = 'center',
  children,
}: TemplateDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const titleId = useId()

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      const modal = typeof element.showModal === 'function'
      if (modal) element.showModal()
      else element.setAttribute('open', '')
      // showModal focuses the first control itself; without it, do the same by hand.
      const target =
        element.querySelector<HTMLElement>('[data-autofocus]') ??
        (modal ? null : element.querySelector<HTMLElement>('button, [href], input, textarea, select'))
      target?.focus()
    } else if (!open && element.open) {
      if (typeof element.close === 'function') element.close()
      else element.removeAttribute('open')
      returnFocus.current?.focus()
    }
  }, [open])

  // Handled here rather than left to the browser's cancel, so every browser closes through onClose.
  const closeOnEscape = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return
    event.preventDefault()
    onClose()
  }

  // A click on the backdrop lands on the dialog element itself, never on its contents.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose()
  }

  return (
    <dialog
      ref={dialog}
      className={`${styles.dialog} ${styles[placement]}`}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={closeOnEscape}
      onClick={closeOnBackdrop}
    >
      <div className={styles.panel}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose}>
            <X aria-hidden="true" size={22} />
            <span className="visually-hidden">Close</span>
          </button>
        </header>
        <div className={styles.content}>{children}</div>
      </div>
    </dialog>
  )
}
