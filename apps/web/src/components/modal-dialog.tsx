import { X } from 'lucide-react'
import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import styles from './modal-dialog.module.css'
import { FOCUSABLE, keepTabInside } from '../lib/focus-trap'

interface ModalDialogProps {
  title: string
  onClose: () => void
  children: ReactNode
}

/**
 * A native modal `<dialog>`: the browser makes the page behind it inert and puts it on the top layer. We
 * add what it leaves out: Tab wraps inside instead of escaping to the browser's toolbar, a click on the
 * backdrop closes it, and focus goes back to whatever opened it.
 */
export function ModalDialog({ title, onClose, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // Kept in a ref so that a parent re-rendering with a new callback does not reopen the dialog.
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!element.open) element.showModal()
    // Browsers differ on where showModal puts focus; the close button is a predictable, harmless start.
    if (!element.contains(document.activeElement)) element.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    const handleClose = () => onCloseRef.current()
    element.addEventListener('close', handleClose)
    return () => {
      element.removeEventListener('close', handleClose)
      if (element.open) element.close()
      opener?.focus()
    }
  }, [])

  const close = () => dialog.current?.close()

  const handleKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here rather than left to the browser's cancel event, which some engines skip or repeat.
      event.preventDefault()
      close()
      return
    }
    if (dialog.current) keepTabInside(event, dialog.current)
  }

  // The dialog box fills its element edge to edge, so a click that lands on the element itself is outside it.
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close()
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onKeyDown={handleKeyDown}
      onClick={handleClick}
    >
      <div className={styles.box}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={close} aria-label="Close">
            <X aria-hidden="true" size={20} />
          </button>
        </header>
        {children}
      </div>
    </dialog>
  )
}
