import { describe, expect, it } from 'vitest'

import { templatedFolder } from './open-server-database.ts'

describe('templatedFolder', () => {
  it('copies the template into a new PGlite folder on disk when the start seeds', () => {
    expect(templatedFolder({ pgliteDir: '/srv/promptly/pglite' }, { seedOnStart: true })).toBe('/srv/promptly/pglite')
  })

  it('never with SEED_ON_START off: the template holds the catalogue that deployment asked not to get', () => {
    expect(templatedFolder({ pgliteDir: '/srv/promptly/pglite' }, { seedOnStart: false })).toBeNull()
  })

  it('never for PostgreSQL nor an in-memory PGlite', () => {
    expect(templatedFolder({ url: 'postgresql://db/promptly' }, { seedOnStart: true })).toBeNull()
    expect(templatedFolder({ pgliteDir: 'memory://' }, { seedOnStart: true })).toBeNull()
  })
})
