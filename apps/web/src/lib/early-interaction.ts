import { EARLY_CLICKS_GLOBAL } from '@larder/shared'

/**
 * What a shopper did to a server-rendered page before React owned it (packages/shared/src/early-clicks.ts),
 * done again once hydration has committed. Call it from an effect of the hydrated tree.
 */
export function replayEarlyInteraction(root: HTMLElement) {
  const release: unknown = Reflect.get(window, EARLY_CLICKS_GLOBAL)
  const held: unknown = typeof release === 'function' ? release() : []
  Reflect.deleteProperty(window, EARLY_CLICKS_GLOBAL)
  // Not from inside React's commit, where the updates these cause are dropped: once it has finished.
  setTimeout(() => {
    replayTyping(root)
    if (!Array.isArray(held)) return
    for (const button of held) if (button instanceof HTMLElement && button.isConnected) button.click()
  })
}

const nativeValue = {
  input: Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value'),
  textarea: Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value'),
}

/**
 * Text typed into a field before hydration is in the DOM, but React took the field over believing it holds
 * the value it rendered, so a controlled field's state stays empty. Sets the field back to that value the
 * way React sees (its own value tracking), puts the typed text back underneath it, and sends the input
 * event typing would have sent, so that the field's onChange gets the text.
 */
function replayTyping(root: HTMLElement) {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) continue
    const typed = field.value
    if (typed === field.defaultValue) continue
    const setNative = (field instanceof HTMLInputElement ? nativeValue.input : nativeValue.textarea)?.set
    if (!setNative) continue
    field.value = field.defaultValue
    setNative.call(field, typed)
    field.dispatchEvent(new Event('input', { bubbles: true }))
  }
}
