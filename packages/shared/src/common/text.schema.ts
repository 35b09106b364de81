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

/**
 * Controls (C0, DEL, C1: CR, LF, tab, NUL, escape…) and the Unicode line and paragraph separators. A
 * single-line field never needs one, and one in a name can break the line of an e-mail header or a log.
 */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/gu

/** `value` without LINE_BREAKING characters. */
export const stripControls = (value: string) => value.replace(LINE_BREAKING, '')

/** A string for a single-line field (names, addresses, phone, e-mail): control characters are removed. */
export const singleLine = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite(stripControls)

/** requiredText for a single-line field: controls removed first, then trimmed and checked. */
export const requiredLine = (message: string) =>
  singleLine({ error: message })
    .trim()
    .refine((value) => !DRAWS_NOTHING.test(value), { message })
