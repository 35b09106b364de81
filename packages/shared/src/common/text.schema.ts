import { z } from 'zod'

/**
 * Text that draws nothing: white space, format characters (U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER…),
 * controls, the Hangul fillers and the blank Braille pattern, which fonts draw empty. `trim()` leaves all
 * but the white space, so a name of them alone would pass as given and show as a blank.
 */
const DRAWS_NOTHING = /^[\p{White_Space}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]*$/u

/**
 * A required text field: trimmed, and refused with `message` when nothing in it would show. What is
 * typed is kept as typed, since joiners inside a name (U+200C in Persian, U+200D in emoji) are its own.
 */
export const requiredText = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((value) => !DRAWS_NOTHING.test(value), { message })
