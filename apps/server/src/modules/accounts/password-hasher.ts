import { hash, verify } from '@node-rs/argon2'

/** OWASP ASVS 5.0 appendix C: argon2id with at least 19 MiB of memory and two passes. */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/**
 * A real hash to check against when the account does not exist, so a wrong username takes as long as a
 * wrong password and response times do not reveal which accounts exist.
 */
let decoy: Promise<string> | undefined
export const decoyHash = () => (decoy ??= hashPassword('not-a-real-password-but-a-timing-decoy'))
