import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LoadError } from './load-error'

describe('LoadError', () => {
  it('says what failed, as an alert, and fetches again when asked', async () => {
    const onRetry = vi.fn()
    render(<LoadError onRetry={onRetry}>We could not load the aisles.</LoadError>)
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the aisles.')
    expect(onRetry).not.toHaveBeenCalled()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(onRetry).toHaveBeenCalledTimes(1)
  })
})
