import { parseArgs } from 'node:util'
import { EmailSchema, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@larder/shared'
import type { Database } from '../../db/client'
import type { Clock } from '../../lib/clock'
import { DomainError } from '../../lib/domain-errors'
import { createAccountsRepository } from './accounts.repository'
import { createOperator } from './invitations'

export const ADMIN_USAGE = `Usage: npm run admin -- create --email <address> [--password <password>]

  create          make an operator (ROLE_ADMIN) account for the address, or give an existing
                  customer account that role
  --email         the operator's e-mail address, which is also their login
  --password      set this password now (for scripts); without it a single-use link to choose
                  one is printed, valid for 7 days

The database is DATABASE_URL when set, else the embedded one in <DATA_DIR>/pglite.`

export interface AdminCommandIo {
  out: (line: string) => void
  err: (line: string) => void
}

type Parsed = { email: string; password: string | undefined } | { error: string } | 'help'

export function parseAdminArgs(argv: string[]): Parsed {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    })
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) }
  }
  if (parsed.values.help) return 'help'
  const [command, ...rest] = parsed.positionals
  if (command !== 'create' || rest.length > 0)
    return {
      error:
        command === undefined
          ? 'Say what to do: create'
          : `Unknown command '${parsed.positionals.join(' ')}'`,
    }
  const email = EmailSchema.safeParse(parsed.values.email ?? '')
  if (!email.success) return { error: '--email must be an e-mail address' }
  const password = parsed.values.password
  if (
    password !== undefined &&
    (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
  )
    return { error: `--password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long` }
  return { email: email.data, password }
}

/**
 * `npm run admin -- create --email …`: answers the process's exit code (0 done, 1 refused, 2 bad usage).
 * The database is migrated and open; the caller closes it.
 */
export async function runAdminCommand(
  argv: string[],
  deps: { db: Database; clock: Clock; publicUrl: string },
  io: AdminCommandIo,
): Promise<number> {
  const parsed = parseAdminArgs(argv)
  if (parsed === 'help') {
    io.out(ADMIN_USAGE)
    return 0
  }
  if ('error' in parsed) {
    io.err(`${parsed.error}\n\n${ADMIN_USAGE}`)
    return 2
  }
  try {
    const result = await createOperator(
      {
        db: deps.db,
        repository: createAccountsRepository(deps.db),
        clock: deps.clock,
        publicUrl: deps.publicUrl,
      },
      parsed,
    )
    io.out(
      result.created
        ? `Operator account created for ${parsed.email}.`
        : `${parsed.email} already had an account; it is an operator now.`,
    )
    if (result.link && result.expiresAt) {
      io.out(
        `Open this link to choose the password (it works once, until ${result.expiresAt.toISOString()}):`,
      )
      io.out(`  ${result.link}`)
    } else {
      io.out(`The password is set; log in at ${deps.publicUrl}/login and open ${deps.publicUrl}/admin.`)
    }
    return 0
  } catch (error) {
    if (error instanceof DomainError) {
      io.err(error.message)
      return 1
    }
    throw error
  }
}
