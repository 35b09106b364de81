import { Eye, EyeOff } from 'lucide-react'
import { forwardRef, useState } from 'react'
import styles from './form.module.css'
import { describedBy, FieldError, FieldHint, type TextFieldProps } from './text-field'

/** A password input with the spec's show/hide toggle; the toggle never submits the form. */
export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'type'>>(
  function PasswordField({ id, label, error, hint, ...input }, ref) {
    const [visible, setVisible] = useState(false)
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <div className={styles.inputWrap}>
          <input
            ref={ref}
            id={id}
            type={visible ? 'text' : 'password'}
            className={`${styles.input} ${styles.inputWithToggle}`}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(id, hint, error)}
            autoCapitalize="off"
            spellCheck={false}
            {...input}
          />
          <button
            type="button"
            className={styles.toggle}
            aria-controls={id}
            onClick={() => setVisible((shown) => !shown)}
          >
            {visible ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
            <span className="visually-hidden">{visible ? 'Hide password' : 'Show password'}</span>
          </button>
        </div>
        <FieldHint id={id} hint={hint} />
        <FieldError id={`${id}-error`} message={error} />
      </div>
    )
  },
)
