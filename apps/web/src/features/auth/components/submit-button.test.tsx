import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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

  it('turns off and says what it is doing, beside a spinner, while busy', () => {
    render(
      <SubmitButton busy busyLabel="Saving…">
        Save
      </SubmitButton>,
    )
    const button = screen.getByRole('button', { name: 'Saving…' })
    expect(button).toBeDisabled()
    expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull()
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
