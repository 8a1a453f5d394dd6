import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { INSTAGRAM_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'
import type { TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { callerFor } from '../testing/test-caller.ts'
import {
  builderDraft,
  expectAdminToolsOnly,
  openAdminToolsFixture,
  REVIEW_REASON,
} from '../tool-builder/testing/builder-fixtures.ts'

let db: TestDatabase
let admin: SignedInUser
let ada: SignedInUser

beforeAll(async () => {
  ;({ db, admin, ada } = await openAdminToolsFixture())
})
afterAll(() => db.close())

const asAdmin = () => callerFor(db.prisma, admin)

const auditedAbout = (toolId: string) =>
  db.prisma.auditEntry.findMany({
    where: { details: { path: ['toolId'], equals: toolId } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })

describe('admin.tools.get', () => {
  it('is UNAUTHORIZED signed out and FORBIDDEN for a user, and changes nothing', async () => {
    await expectAdminToolsOnly(db.prisma, ada, (caller) => caller.admin.tools.get({ id: INSTAGRAM_BIO_TOOL_ID }))
  })

  it('reads a user’s private tool given a reason, audited as a read of the owner’s tool with the reason', async () => {
    const { id } = await callerFor(db.prisma, ada).tools.personal.create(builderDraft())
    expect(await asAdmin().admin.tools.get({ id, reason: `  ${REVIEW_REASON} ` })).toMatchObject({
      id,
      ownerId: ada.id,
    })
    expect(await auditedAbout(id)).toMatchObject([
      {
        actorId: admin.id,
        targetUserId: ada.id,
        action: 'tool.read',
        details: { toolId: id, reason: REVIEW_REASON },
      },
    ])
  })

  it('does not log reading a catalogue tool, which anyone may read', async () => {
    const before = await db.prisma.auditEntry.count()
    await asAdmin().admin.tools.get({ id: INSTAGRAM_BIO_TOOL_ID })
    expect(await db.prisma.auditEntry.count()).toBe(before)
  })
})
