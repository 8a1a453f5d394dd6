import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

import { databaseConfigFromEnv, dataDirFromEnv, describeDatabase } from './config.ts'
import { REPO_ROOT } from './repo-paths.ts'

describe('databaseConfigFromEnv', () => {
  it('uses PostgreSQL when DATABASE_URL is set, even with PGLITE_DIR', () => {
    expect(databaseConfigFromEnv({ DATABASE_URL: 'postgresql://app@db:5432/promptly', PGLITE_DIR: '/data' })).toEqual({
      url: 'postgresql://app@db:5432/promptly',
    })
  })

  it('defaults to .data/pglite under the repo root, whatever the working directory', () => {
    expect(databaseConfigFromEnv({})).toEqual({ pgliteDir: join(REPO_ROOT, '.data/pglite') })
    expect(databaseConfigFromEnv({ DATABASE_URL: '  ', PGLITE_DIR: '' })).toEqual({
      pgliteDir: join(REPO_ROOT, '.data/pglite'),
    })
  })

  it('takes a relative PGLITE_DIR from the repo root and keeps absolute and memory ones', () => {
    expect(databaseConfigFromEnv({ PGLITE_DIR: 'tmp/db' })).toEqual({ pgliteDir: join(REPO_ROOT, 'tmp/db') })
    expect(databaseConfigFromEnv({ PGLITE_DIR: '/var/lib/promptly' })).toEqual({ pgliteDir: '/var/lib/promptly' })
    expect(databaseConfigFromEnv({ PGLITE_DIR: 'memory://' })).toEqual({ pgliteDir: 'memory://' })
  })

  it('puts the embedded database under DATA_DIR, so the server and the db:* scripts open the same one', () => {
    expect(databaseConfigFromEnv({ DATA_DIR: '/srv/promptly' })).toEqual({ pgliteDir: '/srv/promptly/pglite' })
    expect(databaseConfigFromEnv({ DATA_DIR: 'var' })).toEqual({ pgliteDir: join(REPO_ROOT, 'var/pglite') })
    expect(databaseConfigFromEnv({ DATA_DIR: '/srv/promptly', PGLITE_DIR: 'memory://' })).toEqual({
      pgliteDir: 'memory://',
    })
  })
})

describe('dataDirFromEnv', () => {
  it('is DATA_DIR from the repo root, .data by default', () => {
    expect(dataDirFromEnv({})).toBe(join(REPO_ROOT, '.data'))
    expect(dataDirFromEnv({ DATA_DIR: '/srv/promptly' })).toBe('/srv/promptly')
  })
})

describe('describeDatabase', () => {
  it('never shows the password', () => {
    const text = describeDatabase({ url: 'postgresql://app:s3cret@db:5432/promptly' })
    expect(text).toContain('db:5432/promptly')
    expect(text).not.toContain('s3cret')
  })
})
