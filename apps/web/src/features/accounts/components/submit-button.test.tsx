import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { FormEvent } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { SubmitButton } from './submit-button'

describe('SubmitButton', () => {
  it('submits with its label when nothing is under way', () => {
    render(
      <SubmitButton busy={false} busyLabel="Saving…">
        Save
      </SubmitButton>,
    )
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button).toBeEnabled()
    expect(button).toHaveAttribute('type', 'submit')
    expect(button.querySelector('svg')).toBeNull()
  })

  it('refuses presses and says what it is doing, beside a spinner, while busy, keeping the focus', async () => {
    const submitted = vi.fn((event: FormEvent) => event.preventDefault())
    render(
      <form onSubmit={submitted}>
        <SubmitButton busy busyLabel="Saving…">
          Save
        </SubmitButton>
      </form>,
    )
    const button = screen.getByRole('button', { name: 'Saving…' })
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
    const user = userEvent.setup()
    await user.click(button)
    await user.keyboard('{Enter}')
    expect(button).toHaveFocus()
    expect(submitted).not.toHaveBeenCalled()
  })

  it('stays off while its form says so, keeping its label', () => {
    render(
      <SubmitButton busy={false} busyLabel="Saving…" disabled>
        Save
      </SubmitButton>,
    )
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled()
  })
})
