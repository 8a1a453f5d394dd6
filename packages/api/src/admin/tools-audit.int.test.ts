import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { INSTAGRAM_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'
import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { callerFor } from '../testing/test-caller.ts'
import { builderDraft, createTestAdmin } from '../tool-builder/testing/builder-fixtures.ts'

let db: TestDatabase
let admin: SignedInUser

beforeAll(async () => {
  db = await createTestDatabase({ seed: true })
  admin = await createTestAdmin(db.prisma)
})
afterAll(() => db.close())

const asAdmin = () => callerFor(db.prisma, admin)

const auditedAbout = (toolId: string) =>
  db.prisma.auditEntry.findMany({
    where: { details: { path: ['toolId'], equals: toolId } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })

describe('the admin tool-builder in the audit log', () => {
  it('records each create, update, publish, unpublish and delete: who, which tool, whose', async () => {
    const draft = builderDraft()
    const { id } = await asAdmin().admin.tools.create(draft)
    await asAdmin().admin.tools.update({ id, tool: { ...draft, name: `${draft.name} Two` } })
    await asAdmin().admin.tools.publish({ id, published: false })
    await asAdmin().admin.tools.publish({ id, published: true })
    await asAdmin().admin.tools.delete({ id })

    const entries = await auditedAbout(id)
    expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
      ['tool.create', expect.objectContaining({ toolId: id, name: draft.name })],
      ['tool.update', expect.objectContaining({ toolId: id, name: `${draft.name} Two` })],
      ['tool.unpublish', expect.objectContaining({ toolId: id })],
      ['tool.publish', expect.objectContaining({ toolId: id })],
      ['tool.delete', expect.objectContaining({ toolId: id, name: `${draft.name} Two` })],
    ])
    for (const entry of entries) expect(entry).toMatchObject({ actorId: admin.id, targetUserId: admin.id })
    const { entries: listed } = await asAdmin().admin.audit.list({ targetUserId: admin.id })
    expect(listed.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['tool.create', 'tool.update', 'tool.delete']),
    )
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

  it('records nothing for a write that was refused, and no write without its entry', async () => {
    const first = builderDraft()
    const { id } = await asAdmin().admin.tools.create(first)
    const before = await db.prisma.auditEntry.count()
    const clash = builderDraft({ accoName: first.accoName })
    await expect(asAdmin().admin.tools.create(clash)).rejects.toMatchObject({ code: 'CONFLICT' })
    await expect(asAdmin().admin.tools.update({ id, tool: builderDraft({ groups: [] }) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
    const other = await asAdmin().admin.tools.create(builderDraft())
    await expect(
      asAdmin().admin.tools.update({ id: other.id, tool: builderDraft({ accoName: first.accoName }) }),
    ).rejects.toMatchObject({ code: 'CONFLICT' })
    // Only the second tool's creation was written, and only it was logged.
    expect(await db.prisma.auditEntry.count()).toBe(before + 1)
    expect(await db.prisma.tool.count({ where: { name: clash.name } })).toBe(0)
  })

  it('does not log reading a catalogue tool, which anyone may read', async () => {
    const before = await db.prisma.auditEntry.count()
    await asAdmin().admin.tools.get({ id: INSTAGRAM_BIO_TOOL_ID })
    expect(await db.prisma.auditEntry.count()).toBe(before)
  })
})
