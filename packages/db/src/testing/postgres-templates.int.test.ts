import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'

import { DEFAULT_MIGRATIONS_DIR } from '../repo-paths.ts'
import { seedTools } from '../seed/seed.ts'
import { databasesNamed, dropDatabase, onServer, TEMPLATE_DATABASE_PREFIX } from './postgres-server.ts'
import { findOrBuildPostgresTemplates, type PostgresTemplates } from './postgres-templates.ts'
import { createTestDatabase } from './test-database.ts'

const serverUrl = process.env.TEST_DATABASE_URL ?? ''

// The templates live on a PostgreSQL server: this runs in the `postgres` project only.
describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL test templates', () => {
  let scratchDir: string | undefined
  let built: PostgresTemplates | undefined

  afterAll(async () => {
    vi.unstubAllEnvs()
    if (built) {
      const { migrated, seeded } = built
      await onServer(serverUrl, async (client) => {
        for (const name of [seeded, migrated]) await dropDatabase(client, name)
      })
    }
    if (scratchDir) await rm(scratchDir, { recursive: true, force: true })
  })

  it('clones test databases from the migrated and seeded templates', async () => {
    const plain = await createTestDatabase()
    const seeded = await createTestDatabase({ seed: true })
    try {
      expect(await plain.prisma.tool.count()).toBe(0)
      expect(await seeded.prisma.tool.count()).toBe(seedTools().length)
      await seeded.prisma.tool.deleteMany()
      // A clone is a copy: what a test does to its database never reaches the template or the next clone.
      const next = await createTestDatabase({ seed: true })
      expect(await next.prisma.tool.count()).toBe(seedTools().length)
      await next.close()
    } finally {
      await Promise.all([plain.close(), seeded.close()])
    }
  })

  it('builds templates for new migrations, one of each however many runs ask at the same moment', async () => {
    scratchDir = await mkdtemp(join(tmpdir(), 'promptly-template-migrations-'))
    await cp(DEFAULT_MIGRATIONS_DIR, scratchDir, { recursive: true })
    await mkdir(join(scratchDir, '99999999999999_template_test'))
    await writeFile(
      join(scratchDir, '99999999999999_template_test', 'migration.sql'),
      'CREATE TABLE "template_test" (id int);',
    )
    vi.stubEnv('MIGRATIONS_DIR', scratchDir)

    const answers = await Promise.all([1, 2, 3].map(() => findOrBuildPostgresTemplates(serverUrl)))
    built = answers[0]

    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1)
    const { migrated, seeded } = answers[0]!
    const onServerNow = await onServer(serverUrl, (client) => databasesNamed(client, TEMPLATE_DATABASE_PREFIX))
    expect(onServerNow).toEqual(expect.arrayContaining([migrated, seeded]))
    // Each builder works in a database of its own name and renames it when whole: none is left over.
    expect(onServerNow.filter((name) => name.startsWith(`${TEMPLATE_DATABASE_PREFIX}partial_`))).toEqual([])
    const { rows } = await onServer(serverUrl, (client) =>
      client.query<{ datallowconn: boolean }>('SELECT datallowconn FROM pg_database WHERE datname = ANY($1)', [
        [migrated, seeded],
      ]),
    )
    // Nobody may connect to a template: CREATE DATABASE ... TEMPLATE refuses a source in use.
    expect(rows).toEqual([{ datallowconn: false }, { datallowconn: false }])
    expect(migrated).not.toBe(JSON.parse(process.env.PROMPTLY_TEST_PG_TEMPLATES ?? '{}').migrated)
  })
})
