import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { INSTAGRAM_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'
import type { TestDatabase } from '@promptly/db/testing/test-database'

import { inProcessCaches } from '../caching/caches.ts'
import type { SignedInUser } from '../context.ts'
import { callerFor } from '../testing/test-caller.ts'
import { builderDraft, expectAdminToolsOnly, openAdminToolsFixture } from '../tool-builder/testing/builder-fixtures.ts'

let db: TestDatabase
/** One instance's caches, shared by every caller here as the server shares them between requests. */
const caches = inProcessCaches()
let admin: SignedInUser
let ada: SignedInUser

beforeAll(async () => {
  ;({ db, admin, ada } = await openAdminToolsFixture())
})
afterAll(() => db.close())

const asAdmin = () => callerFor(db.prisma, admin, { caches })

describe('admin.tools.delete', () => {
  it('is UNAUTHORIZED signed out and FORBIDDEN for a user, and changes nothing', async () => {
    await expectAdminToolsOnly(db.prisma, ada, (caller) => caller.admin.tools.delete({ id: INSTAGRAM_BIO_TOOL_ID }))
  })

  it('removes the tool from the catalogue, and the cache does not serve the old one', async () => {
    const draft = builderDraft()
    const { id } = await asAdmin().admin.tools.create(draft)
    const reader = callerFor(db.prisma, null, { caches })
    expect((await reader.tools.get({ id })).tool.id).toBe(id)
    expect((await reader.tools.byCategory({ category: 'Newsletters' })).map((card) => card.id)).toContain(id)

    expect(await asAdmin().admin.tools.delete({ id })).toEqual({ id, deleted: true })
    await expect(reader.tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect((await reader.tools.byCategory({ category: 'Newsletters' })).map((card) => card.id)).not.toContain(id)
    expect(await reader.tools.search({ text: draft.name })).toEqual([])
    await expect(asAdmin().admin.tools.delete({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
