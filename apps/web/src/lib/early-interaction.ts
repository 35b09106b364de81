import { EARLY_CLICKS_GLOBAL } from '@larder/shared'
import { flushSync } from 'react-dom'

/**
 * What a shopper did to a server-rendered page before React owned it (packages/shared/src/early-clicks.ts),
 * done again once hydration has committed. Call it from an effect of the hydrated tree.
 */
export function replayEarlyInteraction(root: HTMLElement) {
  // Read now, in the effect: React runs it before any later update, and an update that re-renders a form
  // puts its controlled fields back to the state React has, losing what was typed in them before.
  const typing = readTyping(root)
  // Replayed not from inside React's commit, where the updates these cause are dropped, but once it has
  // finished. The clicks stay held until then, so that none overtakes the typing replayed before them.
  setTimeout(() => {
    const release: unknown = Reflect.get(window, EARLY_CLICKS_GLOBAL)
    const held: unknown = typeof release === 'function' ? release() : []
    Reflect.deleteProperty(window, EARLY_CLICKS_GLOBAL)
    // Rendered before the clicks, so that a held submit sees what was typed.
    flushSync(() => {
      for (const change of typing) change()
    })
    if (!Array.isArray(held)) return
    for (const button of held) if (button instanceof HTMLElement) counterpart(button, root)?.click()
  })
}

/** What tells one button from another to a shopper: its kind, its name and what it says. */
const looksLike = (a: HTMLElement, b: HTMLElement) =>
  a.tagName === b.tagName &&
  a.getAttribute('type') === b.getAttribute('type') &&
  a.getAttribute('role') === b.getAttribute('role') &&
  a.getAttribute('aria-label') === b.getAttribute('aria-label') &&
  a.textContent === b.textContent

/**
 * The button to click for one held before hydration. Usually the same element; but when hydration fails
 * (the markup was changed under React, by a translating browser extension say) React renders the page
 * afresh and the held one is no longer in the document. Then it is the one button of the new page that
 * looks the same, and none if several do, rather than the wrong one.
 */
function counterpart(button: HTMLElement, root: HTMLElement): HTMLElement | undefined {
  if (button.isConnected) return button
  const alike = [...root.querySelectorAll<HTMLElement>(button.tagName)].filter((candidate) =>
    looksLike(candidate, button),
  )
  return alike.length === 1 ? alike[0] : undefined
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
 * React has that already.
 */
function readTyping(root: HTMLElement): (() => void)[] {
  // All read before any is replayed: each replay re-renders its form, and React then writes the state
  // it has into the fields not yet replayed.
  const changes: (() => void)[] = []
  for (const select of root.querySelectorAll('select')) {
    const picked = select.value
    if (picked === defaultOption(select)) continue
    // React's onChange for a select is its change event, with no value tracking to get past.
    changes.push(() => {
      if (select.value !== picked && select.value !== defaultOption(select)) return
      select.value = picked
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
  }
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      const ticked = field.checked
      if (ticked === field.defaultChecked) continue
      // Replayed whatever the box shows by then: a box has no third state to tell React putting it back
      // from the shopper changing their mind, and the first is what happens every time.
      changes.push(() => {
        field.checked = !ticked
        nativeSetter(HTMLInputElement.prototype, 'checked')?.call(field, ticked)
        // React reads a box's change from its click event; a plain Event does not toggle it again.
        field.dispatchEvent(new Event('click', { bubbles: true }))
      })
      continue
    }
    const typed = field.value
    if (typed === field.defaultValue) continue
    const prototype =
      field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype
    const rendered = field.defaultValue
    changes.push(() => {
      if (field.value !== typed && field.value !== rendered) return
      field.value = typed === '' ? ' ' : ''
      nativeSetter(prototype, 'value')?.call(field, typed)
      field.dispatchEvent(new Event('input', { bubbles: true }))
    })
  }
  return changes
}
