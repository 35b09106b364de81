import { flushSync } from 'react-dom'
import { EARLY_CLICKS_GLOBAL, EARLY_FIELDS_GLOBAL } from '../inline-scripts/names'

/**
 * What a shopper did to a server-rendered page before React owned it (inline-scripts/early-clicks.ts),
 * done again once hydration has committed. Call it from an effect of the hydrated tree.
 */
export function replayEarlyInteraction(root: HTMLElement) {
  // Read now, in the effect: React runs it before any later update, and an update that re-renders a form
  // puts its controlled fields back to the state React has, losing what was typed in them before.
  const typing = readTyping(fieldsWithInput(root))
  // Replayed not from inside React's commit, where the updates these cause are dropped, but once it has
  // finished. The clicks stay held until then, so that none overtakes the typing replayed before them.
  setTimeout(() => {
    const release: unknown = Reflect.get(window, EARLY_CLICKS_GLOBAL)
    const held: unknown = typeof release === 'function' ? release() : []
    Reflect.deleteProperty(window, EARLY_CLICKS_GLOBAL)
    Reflect.deleteProperty(window, EARLY_FIELDS_GLOBAL)
    // Rendered before the clicks, so that a held submit sees what was typed.
    flushSync(() => {
      for (const change of typing) change()
    })
    if (!Array.isArray(held)) return
    for (const button of held) if (button instanceof HTMLElement) counterpart(button, root)?.click()
  })
}

/**
 * What tells one button or field from another to a shopper: its kind, its name and what it says. Not its
 * `id`: React's generated ids differ between the server's markup and a fresh render.
 */
const ATTRIBUTES = ['type', 'role', 'aria-label', 'name', 'placeholder']
const looksLike = (a: HTMLElement, b: HTMLElement) =>
  a.tagName === b.tagName &&
  ATTRIBUTES.every((name) => a.getAttribute(name) === b.getAttribute(name)) &&
  a.textContent === b.textContent

/**
 * The element of the page for a button clicked or a field changed before hydration. Usually the same
 * element; but when hydration fails (the markup was changed under React, by a translating browser
 * extension say) React renders the page afresh and the one the shopper used is no longer in the document.
 * Then it is the one element of the new page that looks the same, and none if several do, rather than the
 * wrong one.
 */
function counterpart(element: HTMLElement, root: HTMLElement): HTMLElement | undefined {
  if (element.isConnected) return element
  const alike = [...root.querySelectorAll<HTMLElement>(element.tagName)].filter((candidate) =>
    looksLike(candidate, element),
  )
  return alike.length === 1 ? alike[0] : undefined
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

const isField = (value: unknown): value is Field =>
  value instanceof HTMLInputElement ||
  value instanceof HTMLTextAreaElement ||
  value instanceof HTMLSelectElement

/**
 * Each field of the page, with the element that holds what the shopper put in it: the field itself, or,
 * when React rendered the page afresh, the one they changed before, which the inline script noted.
 */
function fieldsWithInput(root: HTMLElement): Map<Field, Field> {
  const fields = new Map<Field, Field>()
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) fields.set(field, field)
  const noted: unknown = Reflect.get(window, EARLY_FIELDS_GLOBAL)
  for (const before of Array.isArray(noted) ? noted : []) {
    if (!isField(before) || before.isConnected) continue
    const field = counterpart(before, root)
    if (isField(field)) fields.set(field, before)
  }
  return fields
}

const nativeSetter = (prototype: object, property: 'value' | 'checked') =>
  Object.getOwnPropertyDescriptor(prototype, property)?.set

function defaultOption(select: HTMLSelectElement): string {
  const options = [...select.options]
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? ''
}

/**
 * What was typed, picked or ticked in a field before hydration is in the DOM, but React took the field
 * over believing it holds what it rendered, so a controlled field's state stays as it was. For each field
 * that differs from its markup, a change to replay: it puts the rendered value back the way React sees it
 * (its own value tracking), the shopper's underneath it, and sends the event the change would have sent,
 * so that the field's onChange gets it. A field typed into again since React took over is left alone:
 * React has that already. After a fresh render the shopper's value comes from the field they changed,
 * and goes into its counterpart.
 */
function readTyping(fields: Map<Field, Field>): Replay {
  // All read before any is replayed: each replay re-renders its form, and React then writes the state
  // it has into the fields not yet replayed.
  return [...fields].flatMap(([field, input]) => {
    if (field instanceof HTMLSelectElement) return pick(field, input.value)
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
      return tick(field, input instanceof HTMLInputElement && input.checked)
    return type(field, input.value)
  })
}

/** The changes to replay for one field: none if it shows what was rendered. */
type Replay = (() => void)[]

function pick(select: HTMLSelectElement, picked: string): Replay {
  if (picked === defaultOption(select)) return []
  // React's onChange for a select is its change event, with no value tracking to get past.
  return [
    () => {
      if (select.value !== picked && select.value !== defaultOption(select)) return
      select.value = picked
      select.dispatchEvent(new Event('change', { bubbles: true }))
    },
  ]
}

function tick(box: HTMLInputElement, ticked: boolean): Replay {
  if (ticked === box.defaultChecked) return []
  // Replayed whatever the box shows by then: a box has no third state to tell React putting it back
  // from the shopper changing their mind, and the first is what happens every time.
  return [
    () => {
      box.checked = !ticked
      nativeSetter(HTMLInputElement.prototype, 'checked')?.call(box, ticked)
      // React reads a box's change from its click event; a plain Event does not toggle it again.
      box.dispatchEvent(new Event('click', { bubbles: true }))
    },
  ]
}

function type(field: HTMLInputElement | HTMLTextAreaElement, typed: string): Replay {
  const rendered = field.defaultValue
  if (typed === rendered) return []
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype
  return [
    () => {
      if (field.value !== typed && field.value !== rendered) return
      field.value = typed === '' ? ' ' : ''
      nativeSetter(prototype, 'value')?.call(field, typed)
      field.dispatchEvent(new Event('input', { bubbles: true }))
    },
  ]
}
