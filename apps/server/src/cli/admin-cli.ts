import { openDatabase } from '@promptly/db/client'
import { databaseConfigFromEnv, describeDatabase, type DataEnv } from '@promptly/db/config'
import { runMigrations } from '@promptly/db/migrate/run-migrations'

import { ADMIN_USAGE, parseAdminArgs } from './admin-args.ts'
import { changeRole, describeRoleChange, NoAccountError } from './change-role.ts'

export interface CliOutput {
  out(line: string): void
  err(line: string): void
}

export type CliEnv = DataEnv & { ADMIN_EMAILS?: string | undefined }

/**
 * `npm run admin -- grant|revoke <email>`: the exit code (0 done, 1 failed, 2 bad arguments).
 * The database is the server's (DATABASE_URL, else the PGlite folder, by the same resolver), brought
 * up to date first as the server's start-up does.
 */
export async function runAdminCli(argv: readonly string[], env: CliEnv, io: CliOutput): Promise<number> {
  const parsed = parseAdminArgs(argv)
  if ('problem' in parsed) {
    io.err(`${parsed.problem}\n${ADMIN_USAGE}`)
    return 2
  }
  const { command } = parsed
  const config = databaseConfigFromEnv(env)
  let db: Awaited<ReturnType<typeof openDatabase>> | undefined
  try {
    db = await openDatabase(config)
    await runMigrations(db)
    const change = await changeRole(db.prisma, command)
    io.out(describeRoleChange(command.email, change))
    if (command.action === 'revoke' && listedInAdminEmails(env, command.email)) {
      io.err(`Note: ${command.email} is in ADMIN_EMAILS, so once verified it stays an admin until removed from there.`)
    }
    return 0
  } catch (error) {
    if (error instanceof NoAccountError) io.err(error.message)
    else io.err(`Could not ${command.action} (${describeDatabase(config)}): ${errorMessage(error)}`)
    return 1
  } finally {
    await db?.close()
  }
}

function listedInAdminEmails(env: CliEnv, email: string): boolean {
  const listed = (env.ADMIN_EMAILS ?? '').split(',').map((entry) => entry.trim().toLowerCase())
  return listed.includes(email.toLowerCase())
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
