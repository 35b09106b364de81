import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { SANDBOX_SCRIPT } from './sandbox-page.script'

/** The expiry field as the script meets it: a value, and the input listener it adds. */
function expiryField() {
  let listener: ((event: { inputType?: string }) => void) | undefined
  const field = {
    value: '',
    addEventListener: (type: string, handle: (event: { inputType?: string }) => void) => {
      if (type === 'input') listener = handle
    },
  }
  runInNewContext(SANDBOX_SCRIPT, {
    document: { getElementById: (id: string) => (id === 'expiry' ? field : null) },
  })
  /** Types `text` one character at a time, or deletes one, as the browser's input events would. */
  const type = (text: string) => {
    for (const character of text) {
      field.value += character
      listener?.({ inputType: 'insertText' })
    }
    return field.value
  }
  const backspace = () => {
    field.value = field.value.slice(0, -1)
    listener?.({ inputType: 'deleteContentBackward' })
    return field.value
  }
  const paste = (text: string) => {
    field.value = text
    listener?.({ inputType: 'insertFromPaste' })
    return field.value
  }
  return { field, type, backspace, paste }
}

describe('the sandbox payment page script', () => {
  it('writes the expiry as MM / YY while it is typed', () => {
    const { type } = expiryField()
    expect(type('1')).toBe('1')
    expect(type('2')).toBe('12 / ')
    expect(type('3')).toBe('12 / 3')
    expect(type('0')).toBe('12 / 30')
    expect(type('9')).toBe('12 / 30')
  })

  it('reads a first digit above 1 as a month', () => {
    expect(expiryField().type('430')).toBe('04 / 30')
  })

  it('lets the separator be deleted', () => {
    const { type, backspace } = expiryField()
    type('12')
    expect(backspace()).toBe('12')
    expect(backspace()).toBe('1')
  })

  it('tidies a pasted expiry, four-digit years included', () => {
    expect(expiryField().paste('12/2030')).toBe('12 / 30')
    expect(expiryField().paste('1230')).toBe('12 / 30')
  })
})
