import { dictionary } from '@zxcvbn-ts/language-common'

let common: ReadonlySet<string> | undefined

/**
 * Whether a password is one that guessing tries first: one of the 49 000 most common in leaked password
 * lists (zxcvbn-ts's common dictionary, compared without case), or a run of one to three characters
 * repeated (`aaaaaa`, `ababab`, `123123`), which no list holds in full. Read on first use (about 0.5 MB).
 */
export function isCommonPassword(password: string): boolean {
  if (/^(.{1,3})\1+$/su.test(password)) return true
  common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()))
  return common.has(password.toLowerCase())
}
