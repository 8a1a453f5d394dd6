import { execFile } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createPGlite, openDatabase, type Database } from '@promptly/db/client'
import { pgliteTemplates, readTemplate } from '@promptly/db/testing/pglite-templates'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { runAdminCli, type CliEnv } from './admin-cli.ts'

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url))
const onPostgres = process.env.TEST_DB === 'postgres'

/**
 * The database the CLI is pointed at, as an operator would: a PGlite folder that starts blank (so the
 * CLI must apply the migrations itself), or, in the PostgreSQL run, a database by DATABASE_URL. PGlite
 * allows one process at a time, so the test opens the folder only between the CLI's runs.
 */
let tempDir: string
let postgres: TestDatabase | undefined
let env: CliEnv

beforeAll(async () => {
  tempDir = await mkdtemp(path.join(tmpdir(), 'promptly-admin-cli-'))
  if (onPostgres) {
    postgres = await createTestDatabase({ migrate: false })
    env = { DATABASE_URL: postgres.url ?? '' }
  } else {
    const pgliteDir = path.join(tempDir, 'pglite')
    const blank = await createPGlite(pgliteDir, await readTemplate((await pgliteTemplates()).blank))
    await blank.close()
    env = { PGLITE_DIR: pgliteDir }
  }
})
afterAll(async () => {
  await postgres?.close()
  await rm(tempDir, { recursive: true, force: true })
})

async function withDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  if (postgres) return work(postgres)
  const db = await openDatabase({ pgliteDir: env.PGLITE_DIR ?? '' })
  try {
    return await work(db)
  } finally {
    await db.close()
  }
}

function captured() {
  const lines = { out: [] as string[], err: [] as string[] }
  return { lines, io: { out: (line: string) => lines.out.push(line), err: (line: string) => lines.err.push(line) } }
}

describe('npm run admin', () => {
  it('applies pending migrations, then fails with exit code 1 when no account has the address', async () => {
    const { lines, io } = captured()
    expect(await runAdminCli(['grant', 'ada@example.com'], env, io)).toBe(1)
    expect(lines.err).toEqual(['No account has the e-mail ada@example.com.'])
    const applied = await withDatabase(
      (db) => db.prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM _prisma_migrations`,
    )
    expect(applied[0]?.n).toBeGreaterThan(0)
  })

  it('refuses bad arguments with the usage and exit code 2, before touching the database', async () => {
    const { lines, io } = captured()
    expect(
      await runAdminCli(['promote', 'ada@example.com'], { PGLITE_DIR: path.join(tempDir, 'never-created') }, io),
    ).toBe(2)
    expect(lines.err.join('\n')).toMatch(/^Unknown command "promote"\.\nUsage: npm run admin -- grant <email>/)
  })

  it('grants as a separate process, prints one line, and the grant is audited', async () => {
    const ada = await withDatabase((db) =>
      db.prisma.user.create({
        data: { clerkId: 'local_cli_ada', name: 'Ada', email: 'Ada@Example.com', imageUrl: '' },
      }),
    )
    // As `npm run admin` runs it (tsx), without npm's own start-up.
    const cli = ['--import', 'tsx', 'src/cli/admin.ts', 'grant', 'ada@example.com']
    const { stdout } = await promisify(execFile)(process.execPath, cli, {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    })
    expect(stdout).toBe('Granted admin to ada@example.com (1 account: Ada).\n')
    const [role, audit] = await withDatabase(async (db) => [
      (await db.prisma.user.findUniqueOrThrow({ where: { id: ada.id } })).role,
      await db.prisma.auditEntry.findMany({ where: { targetUserId: ada.id } }),
    ])
    expect(role).toBe('admin')
    expect(audit).toMatchObject([
      { actorId: null, action: 'role.grant', details: { via: 'cli', email: 'ada@example.com' } },
    ])
  })

  it('revokes, and says when ADMIN_EMAILS still makes the address an admin', async () => {
    const { lines, io } = captured()
    expect(
      await runAdminCli(
        ['revoke', 'ada@example.com'],
        { ...env, ADMIN_EMAILS: 'ops@example.com, ADA@example.com' },
        io,
      ),
    ).toBe(0)
    expect(lines.out).toEqual(['Revoked admin from ada@example.com (1 account: Ada).'])
    expect(lines.err).toEqual([expect.stringContaining('is in ADMIN_EMAILS')])
  })
})
