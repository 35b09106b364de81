import { useMemo, useState, type ChangeEvent } from 'react'

export type FieldErrors<F extends string> = Partial<Record<F, string>>

interface Issue {
  readonly path: readonly PropertyKey[]
  readonly message: string
}

/** The first message per top-level field, in the schema's order (so 'required' wins over 'too short'). */
export function firstIssuePerField<F extends string>(issues: readonly Issue[]): FieldErrors<F> {
  const errors: Partial<Record<string, string>> = {}
  for (const issue of issues) {
    const field = issue.path[0]
    if (typeof field === 'string' && errors[field] === undefined) errors[field] = issue.message
  }
  return errors
}

/**
 * Values, validation and the touched flags of a small form. Errors are always computed (they decide
 * whether the submit button is enabled) but shown only once a field has been left or a submit tried,
 * as the spec asks for the register form (section 5). `validate` must be a stable function.
 */
export function useFormState<F extends string>(
  initial: Record<F, string>,
  validate: (values: Record<F, string>) => FieldErrors<F>,
) {
  const [values, setValues] = useState(initial)
  const [touched, setTouched] = useState<Partial<Record<F, boolean>>>({})
  const errors = useMemo(() => validate(values), [values, validate])
  const names = Object.keys(initial).filter((key): key is F => key in initial)
  const invalidFields = names.filter((name) => errors[name] !== undefined)

  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.target
      setValues((current) => ({ ...current, [name]: value }))
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: touched[name] ? errors[name] : undefined,
  })

  const touchAll = () => {
    const all: Partial<Record<F, boolean>> = {}
    for (const name of names) all[name] = true
    setTouched(all)
  }

  return { values, errors, isValid: invalidFields.length === 0, invalidFields, field, touchAll }
}

/** Moves focus to the first field that needs fixing, so keyboard and screen-reader users land on it. */
export function focusField(form: HTMLFormElement, name: string | undefined) {
  if (name === undefined) return
  const element = form.elements.namedItem(name)
  if (element instanceof HTMLInputElement) element.focus()
}
