import { act, fireEvent, waitFor } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, it, vi } from 'vitest'
import earlyClicks from '../inline-scripts/early-clicks?inline-script'
import { EARLY_CLICKS_GIVE_UP_MS } from '../inline-scripts/names'
import { replayEarlyInteraction } from './early-interaction'

function Form() {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [clicks, setClicks] = useState(0)
  const [town, setTown] = useState('')
  const [agreed, setAgreed] = useState(false)
  return (
    <form action="/search">
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <p>Typed: {name}</p>
      <input aria-label="Email" value={email} onChange={(event) => setEmail(event.target.value)} />
      <p>Email: {email}</p>
      <select aria-label="Town" value={town} onChange={(event) => setTown(event.target.value)}>
        <option value="">Choose</option>
        <option value="Ealing">Ealing</option>
      </select>
      <p>Town: {town}</p>
      <input
        type="checkbox"
        aria-label="Agree"
        checked={agreed}
        onChange={(event) => setAgreed(event.target.checked)}
      />
      <p>Agreed: {String(agreed)}</p>
      <button type="button" onClick={() => setClicks((count) => count + 1)}>
        Add
      </button>
      <p>Clicked: {clicks}</p>
    </form>
  )
}

function AfterHydration({ root }: { root: HTMLElement }) {
  useEffect(() => replayEarlyInteraction(root), [root])
  return null
}

/** Hands the server's form to React, with the replay in an effect as framework/browser/start-app.tsx has it. */
function hydrateForm(root: HTMLElement, onRecoverableError?: (error: unknown) => void) {
  hydrateRoot(
    root,
    <>
      <Form />
      <AfterHydration root={root} />
    </>,
    { onRecoverableError },
  )
}

/** A server-rendered page with its inline script, before its JavaScript has arrived. */
function serverPage(): HTMLElement {
  const root = document.createElement('div')
  root.innerHTML = renderToString(<Form />)
  document.body.append(root)
  // The compiled script the page carries inline in <head>; jsdom does not run scripts from markup.
  new Function(earlyClicks.code)()
  return root
}

afterEach(() => document.body.replaceChildren())

it('types, picks, ticks and clicks again, once hydrated, what the shopper did before', async () => {
  const root = serverPage()
  const input = root.querySelector('input')
  const select = root.querySelector('select')
  const box = root.querySelector<HTMLInputElement>('input[type=checkbox]')
  const button = root.querySelector('button')
  if (!input || !select || !box || !button) throw new Error('the form did not render')
  input.value = 'Priya'
  select.value = 'Ealing'
  box.checked = true
  button.click()
  button.click()
  expect(root.textContent).toContain('Clicked: 0')

  await act(async () => {
    hydrateForm(root)
  })
  await waitFor(() => expect(root.textContent).toContain('Typed: Priya'))
  expect(root.textContent).toContain('Town: Ealing')
  expect(root.textContent).toContain('Agreed: true')
  expect(box).toBeChecked()
  // Held once per button: a double tap before hydration is one click, as a disabled page would take it.
  await waitFor(() => expect(root.textContent).toContain('Clicked: 1'))
  expect(input).toHaveValue('Priya')

  // Released: clicks now go straight to React.
  await act(async () => button.click())
  expect(root.textContent).toContain('Clicked: 2')
})

it('keeps what was typed before hydration when another field changes before the replay', () => {
  vi.useFakeTimers()
  const root = serverPage()
  const name = root.querySelector<HTMLInputElement>('input[aria-label=Name]')
  const email = root.querySelector<HTMLInputElement>('input[aria-label=Email]')
  if (!name || !email) throw new Error('the form did not render')
  name.value = 'Priya'

  act(() => {
    hydrateForm(root)
  })
  // Typed once React owns the page, but before the replay's turn: the form re-renders, and React puts
  // its controlled Name field back to the state it has, which is still empty.
  act(() => {
    fireEvent.input(email, { target: { value: 'priya@example.com' } })
  })
  act(() => {
    vi.runAllTimers()
  })
  expect(root.textContent).toContain('Typed: Priya')
  expect(root.textContent).toContain('Email: priya@example.com')
  expect(name).toHaveValue('Priya')
  vi.useRealTimers()
})

it('holds a submit button too, and leaves the form to the browser if the code never comes', () => {
  vi.useFakeTimers()
  const root = serverPage()
  const button = root.querySelector('button')
  if (!button) throw new Error('the form did not render')
  button.setAttribute('type', 'submit')
  const submits: boolean[] = []
  root.addEventListener('click', (event) => {
    submits.push(!event.defaultPrevented)
    event.preventDefault() // jsdom cannot submit a form
  })
  button.click()
  expect(submits).toEqual([])
  vi.advanceTimersByTime(EARLY_CLICKS_GIVE_UP_MS)
  expect(submits).toEqual([true])
  // Given up: clicks are no longer held, and nothing is left to replay.
  button.click()
  expect(submits).toEqual([true, true])
  vi.useRealTimers()
})

it('clicks the same button of a page React had to render afresh, and none when it cannot tell which', async () => {
  const root = serverPage()
  const [add, reset] = [document.createElement('button'), document.createElement('button')]
  add.textContent = 'Add'
  reset.textContent = 'Reset'
  root.append(add, reset)
  add.click()
  reset.click()

  // Hydration failed and React rendered the whole page again: the held buttons are gone. The page is
  // rendered here with two Reset buttons, so only Add has a counterpart that can be told apart.
  const clicked: string[] = []
  const page = document.createElement('div')
  page.innerHTML = '<button>Add</button><button>Reset</button><button>Reset</button>'
  page.addEventListener('click', (event) => {
    if (event.target instanceof HTMLElement) clicked.push(event.target.textContent ?? '')
  })
  root.replaceChildren(page)
  vi.useFakeTimers()
  replayEarlyInteraction(root)
  vi.runAllTimers()
  vi.useRealTimers()
  expect(clicked).toEqual(['Add'])
})

it('types into the same field of a page React had to render afresh what was typed before', async () => {
  const root = serverPage()
  const name = root.querySelector<HTMLInputElement>('input[aria-label="Name"]')
  const town = root.querySelector('select')
  if (!name || !town) throw new Error('The form has no name or town')
  fireEvent.input(name, { target: { value: 'Ada' } })
  fireEvent.change(town, { target: { value: 'Ealing' } })

  // Hydration failed and React rendered the whole form again: the fields typed into are gone.
  root.replaceChildren()
  await act(async () => {
    // The markup is gone, so React renders afresh and reports it here instead of throwing.
    hydrateForm(root, () => {})
  })
  await waitFor(() => expect(root.textContent).toContain('Typed: Ada'))
  expect(root.textContent).toContain('Town: Ealing')
  expect(root.querySelector('input')?.value).toBe('Ada')
  expect(root.querySelector('input') === name).toBe(false)
})
