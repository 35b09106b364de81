import type { MouseEvent } from 'react'

/**
 * Props for a submit button while its form's call is under way: the button is only marked off and
 * refuses the press, rather than disabled, because a disabled button drops the keyboard focus to the page
 * and after an error the shopper would have to find the form again.
 */
export function busyButtonProps(busy: boolean) {
  return {
    'aria-disabled': busy || undefined,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      if (busy) event.preventDefault()
    },
  }
}
