import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { NewPasswordFields } from './password-field'

/** A form with more fields than the two, as the account page's change of password has. */
function PasswordForm({ onSubmit }: { onSubmit: (values: Record<string, string>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: { currentPassword: 'old-secret', newPassword: '', confirmPassword: '' } })
  return (
    <form onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <NewPasswordFields id="pw" hint="Use 6 to 50 characters." register={register} errors={errors} />
      <button type="submit">Send</button>
    </form>
  )
}

// One object for every render: react-hook-form takes a new `errors` as new errors, and renders again.
const SHOWN_ERRORS = {
  newPassword: { type: 'min', message: 'Too short.' },
  confirmPassword: { type: 'required', message: 'Confirm it.' },
}

function FormWithErrors() {
  const {
    register,
    formState: { errors },
  } = useForm({ defaultValues: { newPassword: '', confirmPassword: '' }, errors: SHOWN_ERRORS })
  return <NewPasswordFields id="pw" hint="Use 6 to 50 characters." register={register} errors={errors} />
}

describe('NewPasswordFields', () => {
  it('asks for a new password, with its hint, and its confirmation, both required and new to the browser', () => {
    render(<PasswordForm onSubmit={vi.fn()} />)
    const fresh = screen.getByLabelText('New password')
    const confirm = screen.getByLabelText('Confirm new password')
    for (const field of [fresh, confirm]) {
      expect(field).toHaveAttribute('type', 'password')
      expect(field).toHaveAttribute('autocomplete', 'new-password')
      expect(field).toBeRequired()
      expect(field).not.toHaveAttribute('aria-invalid')
    }
    expect(fresh).toHaveAccessibleDescription('Use 6 to 50 characters.')
    expect(confirm).not.toHaveAccessibleDescription()
  })

  it("registers both with the form, beside the form's other values", async () => {
    const onSubmit = vi.fn()
    render(<PasswordForm onSubmit={onSubmit} />)
    const user = userEvent.setup()
    await user.type(screen.getByLabelText('New password'), 'new-secret')
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret')
    await user.click(screen.getByRole('button', { name: 'Send' }))
    expect(onSubmit).toHaveBeenCalledWith(
      { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' },
      expect.anything(),
    )
  })

  it("shows each field's error under it, after the hint, and marks the field invalid", () => {
    render(<FormWithErrors />)
    const fresh = screen.getByLabelText('New password')
    const confirm = screen.getByLabelText('Confirm new password')
    expect(fresh).toHaveAccessibleDescription('Use 6 to 50 characters. Too short.')
    expect(fresh).toHaveAttribute('aria-invalid', 'true')
    expect(confirm).toHaveAccessibleDescription('Confirm it.')
    expect(confirm).toHaveAttribute('aria-invalid', 'true')
  })
})
