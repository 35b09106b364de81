import { afterEach, describe, expect, it, vi } from 'vitest'
import { keepTabInside } from './focus-trap'

function dialogWithButtons() {
  const container = document.createElement('div')
  container.innerHTML =
    '<button>first</button><button disabled>off</button><a href="/x">middle</a><button>last</button>'
  document.body.append(container)
  const [first, , , last] = container.querySelectorAll<HTMLElement>('button, a')
  if (!first || !last) throw new Error('no buttons')
  return { container, first, last }
}

const tab = (shiftKey = false) => ({ key: 'Tab', shiftKey, preventDefault: vi.fn() })

describe('keepTabInside', () => {
  afterEach(() => document.body.replaceChildren())

  it('wraps Tab from the last element to the first', () => {
    const { container, first, last } = dialogWithButtons()
    last.focus()
    const event = tab()
    keepTabInside(event, container)
    expect(document.activeElement).toBe(first)
    expect(event.preventDefault).toHaveBeenCalled()
  })

  it('wraps Shift+Tab from the first element to the last', () => {
    const { container, first, last } = dialogWithButtons()
    first.focus()
    keepTabInside(tab(true), container)
    expect(document.activeElement).toBe(last)
  })

  it('leaves Tab in the middle and other keys to the browser', () => {
    const { container, first } = dialogWithButtons()
    first.focus()
    const event = tab()
    keepTabInside(event, container)
    keepTabInside({ key: 'Enter', shiftKey: false, preventDefault: event.preventDefault }, container)
    expect(document.activeElement).toBe(first)
    expect(event.preventDefault).not.toHaveBeenCalled()
  })
})
