import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { INSTAGRAM_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'
import type { TestDatabase } from '@promptly/db/testing/test-database'

import { inProcessCaches } from '../caching/caches.ts'
import type { SignedInUser } from '../context.ts'
import { callerFor } from '../testing/test-caller.ts'
import { builderDraft, expectAdminToolsOnly, openAdminToolsFixture } from '../tool-builder/testing/builder-fixtures.ts'

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

const auditedAbout = (toolId: string) =>
  db.prisma.auditEntry.findMany({
    where: { details: { path: ['toolId'], equals: toolId } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })

describe('admin.tools.update', () => {
  it('is UNAUTHORIZED signed out and FORBIDDEN for a user, and changes nothing', async () => {
    await expectAdminToolsOnly(db.prisma, ada, (caller) =>
      caller.admin.tools.update({ id: INSTAGRAM_BIO_TOOL_ID, tool: builderDraft() }),
    )
  })

  it('rewrites the tool, keeping its owner and catalogue state, and the catalogue serves it at once', async () => {
    const { id } = await asAdmin().admin.tools.create(builderDraft())
    const reader = callerFor(db.prisma, null, { caches })
    await reader.tools.get({ id })
    const renamed = builderDraft({ name: 'Renamed Newsletter Intro', labels: ['SEO Tools'], groupBy: 'SEO Tools' })
    const saved = await asAdmin().admin.tools.update({ id, tool: renamed })
    expect(saved).toMatchObject({ id, name: renamed.name, labels: ['All Tools', 'SEO Tools'], published: true })
    expect((await reader.tools.get({ id })).tool.name).toBe(renamed.name)
    const seo = await reader.tools.byCategory({ category: 'SEO Tools' })
    expect(seo.map((card) => card.id)).toContain(id)
  })

  it("keeps a dedicated tool's kind, which needs no form", async () => {
    const paraphrase = await db.prisma.tool.findFirstOrThrow({ where: { kind: 'paraphrase' } })
    const draft = builderDraft({
      name: paraphrase.name,
      accoName: paraphrase.accoName,
      groups: [],
      labels: paraphrase.labels,
      groupBy: paraphrase.groupBy,
    })
    const saved = await asAdmin().admin.tools.update({ id: paraphrase.id, tool: draft })
    expect(saved).toMatchObject({ kind: 'paraphrase', groups: [], description: draft.description })
  })

  it('refuses an accoName another tool has with CONFLICT, and keeps its own', async () => {
    const mine = builderDraft()
    const other = builderDraft()
    const { id } = await asAdmin().admin.tools.create(mine)
    await asAdmin().admin.tools.create(other)
    await expect(
      asAdmin().admin.tools.update({ id, tool: { ...mine, accoName: other.accoName } }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringContaining('accoName') })
    const saved = await asAdmin().admin.tools.update({ id, tool: { ...mine, tagLine: 'A new line' } })
    expect(saved).toMatchObject({ accoName: mine.accoName, tagLine: 'A new line' })
  })

  it('is NOT_FOUND for an unknown id', async () => {
    await expect(asAdmin().admin.tools.update({ id: MISSING_ID, tool: builderDraft() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('names no account for a seeded tool, which has no owner', async () => {
    const seeded = await db.prisma.tool.findUniqueOrThrow({ where: { id: INSTAGRAM_BIO_TOOL_ID } })
    await asAdmin().admin.tools.update({
      id: seeded.id,
      tool: builderDraft({
        name: seeded.name,
        accoName: seeded.accoName,
        labels: seeded.labels,
        groupBy: seeded.groupBy,
      }),
    })
    expect(await auditedAbout(seeded.id)).toMatchObject([
      { action: 'tool.update', actorId: admin.id, targetUserId: null, details: { toolId: seeded.id } },
    ])
  })
})
