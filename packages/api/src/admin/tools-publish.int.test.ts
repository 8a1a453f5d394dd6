import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { INSTAGRAM_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'
import type { TestDatabase } from '@promptly/db/testing/test-database'

import { inProcessCaches } from '../caching/caches.ts'
import type { SignedInUser } from '../context.ts'
import { callerFor } from '../testing/test-caller.ts'
import {
  builderDraft,
  expectAdminToolsOnly,
  openAdminToolsFixture,
  REVIEW_REASON,
} from '../tool-builder/testing/builder-fixtures.ts'
import { NO_OWNER_TO_KEEP_MESSAGE } from './tools-publish.handler.ts'

const MISSING_ID = '00000000-0000-4000-8000-000000000000'

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

describe('admin.tools.publish', () => {
  it('is UNAUTHORIZED signed out and FORBIDDEN for a user, and changes nothing', async () => {
    await expectAdminToolsOnly(db.prisma, ada, (caller) =>
      caller.admin.tools.publish({ id: INSTAGRAM_BIO_TOOL_ID, published: true }),
    )
  })

  it("puts a user's personal tool into the catalogue and takes it back out to its owner", async () => {
    const { id } = await callerFor(db.prisma, ada, { caches }).tools.personal.create(builderDraft())
    const reader = callerFor(db.prisma, null, { caches })
    await expect(reader.tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })

    const reason = REVIEW_REASON
    expect(await asAdmin().admin.tools.publish({ id, published: true, reason })).toEqual({ id, published: true })
    expect((await reader.tools.get({ id })).tool.id).toBe(id)
    expect((await reader.tools.byCategory({ category: 'All Tools' })).map((card) => card.id)).toContain(id)

    await asAdmin().admin.tools.publish({ id, published: false })
    await expect(reader.tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect((await reader.tools.byCategory({ category: 'All Tools' })).map((card) => card.id)).not.toContain(id)
    expect((await callerFor(db.prisma, ada, { caches }).tools.get({ id })).tool.id).toBe(id)
  })

  it('will not hide a seeded tool, which has no owner to keep it', async () => {
    await expect(asAdmin().admin.tools.publish({ id: INSTAGRAM_BIO_TOOL_ID, published: false })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: NO_OWNER_TO_KEEP_MESSAGE,
    })
    expect(await db.prisma.tool.findUniqueOrThrow({ where: { id: INSTAGRAM_BIO_TOOL_ID } })).toMatchObject({
      published: true,
    })
    await expect(asAdmin().admin.tools.publish({ id: MISSING_ID, published: true })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })
})
