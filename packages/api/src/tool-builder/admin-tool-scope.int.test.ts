import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { callerFor, createTestUser } from '../testing/test-caller.ts'
import { builderDraft, createTestAdmin, REVIEW_REASON } from './testing/builder-fixtures.ts'
import { ADMIN_REASON_MAX_LENGTH } from './tool-builder.schema.ts'

/**
 * The rules every admin.tools call shares (admin-tool-scope.ts): a user's private tool is theirs
 * alone, an admin reaches it only by stating a reason, and every builder write is audited. Each
 * handler's own cases are beside it (admin/tools-<name>.int.test.ts).
 */

let db: TestDatabase
let admin: SignedInUser

beforeAll(async () => {
  db = await createTestDatabase({ seed: true })
  admin = await createTestAdmin(db.prisma)
})
afterAll(() => db.close())

const asAdmin = () => callerFor(db.prisma, admin)

/** A new user with one private tool. */
async function privateTool(): Promise<{ ada: SignedInUser; id: string }> {
  const ada = await createTestUser(db.prisma, 'Ada')
  const { id } = await callerFor(db.prisma, ada).tools.personal.create(builderDraft())
  return { ada, id }
}

const auditedAbout = (toolId: string) =>
  db.prisma.auditEntry.findMany({
    where: { details: { path: ['toolId'], equals: toolId } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })

describe("an admin and a user's private tool, without a reason", () => {
  it('is told NOT_FOUND by get, update, publish and delete, as any stranger is, and nothing changes', async () => {
    const { ada, id } = await privateTool()
    const stranger = callerFor(db.prisma, await createTestUser(db.prisma, 'Bob'))
    await expect(stranger.tools.personal.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const before = await db.prisma.tool.findUniqueOrThrow({ where: { id } })

    const notFound = { code: 'NOT_FOUND', message: 'Tool not found' }
    await expect(asAdmin().admin.tools.get({ id })).rejects.toMatchObject(notFound)
    await expect(asAdmin().admin.tools.update({ id, tool: builderDraft({ name: 'Renamed' }) })).rejects.toMatchObject(
      notFound,
    )
    await expect(asAdmin().admin.tools.publish({ id, published: true })).rejects.toMatchObject(notFound)
    await expect(asAdmin().admin.tools.delete({ id })).rejects.toMatchObject(notFound)

    expect(await db.prisma.tool.findUniqueOrThrow({ where: { id } })).toEqual(before)
    expect(await auditedAbout(id)).toEqual([])
    expect((await callerFor(db.prisma, ada).tools.personal.get({ id })).name).toBe(before.name)
  })

  it('still reaches a tool of theirs in the catalogue, and their own private tool', async () => {
    const { id } = await privateTool()
    await asAdmin().admin.tools.publish({ id, published: true, reason: REVIEW_REASON })
    expect(await asAdmin().admin.tools.get({ id })).toMatchObject({ id, published: true })
    const renamed = await asAdmin().admin.tools.update({ id, tool: builderDraft({ name: 'Catalogue Name' }) })
    expect(renamed.name).toBe('Catalogue Name')
    // Taken out of the catalogue, it is private again: the admin no longer reaches it without a reason.
    await asAdmin().admin.tools.publish({ id, published: false })
    await expect(asAdmin().admin.tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })

    const own = await asAdmin().admin.tools.create(builderDraft())
    await asAdmin().admin.tools.publish({ id: own.id, published: false })
    expect(await asAdmin().admin.tools.get({ id: own.id })).toMatchObject({ published: false, ownerId: admin.id })
  })
})

describe("an admin and a user's private tool, with a reason", () => {
  it('updates, publishes and deletes it, each audited with the reason and the owner as target', async () => {
    const { ada, id } = await privateTool()
    const reason = 'Owner asked support to fix a typo'
    expect(
      await asAdmin().admin.tools.update({ id, tool: builderDraft({ name: 'Fixed Name' }), reason }),
    ).toMatchObject({ id, name: 'Fixed Name', published: false, ownerId: ada.id })
    await asAdmin().admin.tools.publish({ id, published: true, reason })
    await asAdmin().admin.tools.delete({ id, reason })

    expect(await db.prisma.tool.count({ where: { id } })).toBe(0)
    const entries = await auditedAbout(id)
    expect(entries.map((entry) => entry.action)).toEqual(['tool.update', 'tool.publish', 'tool.delete'])
    for (const entry of entries) {
      expect(entry).toMatchObject({ actorId: admin.id, targetUserId: ada.id, details: { toolId: id, reason } })
    }
  })

  it('refuses a reason that says nothing, is too long or spans lines: BAD_REQUEST, nothing changes', async () => {
    const { id } = await privateTool()
    const before = await db.prisma.tool.findUniqueOrThrow({ where: { id } })
    for (const reason of ['', '  ', 'ok', 'x'.repeat(ADMIN_REASON_MAX_LENGTH + 1), 'two\nlines']) {
      for (const attempt of [
        asAdmin().admin.tools.get({ id, reason }),
        asAdmin().admin.tools.update({ id, tool: builderDraft(), reason }),
        asAdmin().admin.tools.publish({ id, published: true, reason }),
        asAdmin().admin.tools.delete({ id, reason }),
      ]) {
        await expect(attempt, JSON.stringify(reason)).rejects.toMatchObject({ code: 'BAD_REQUEST' })
      }
    }
    expect(await db.prisma.tool.findUniqueOrThrow({ where: { id } })).toEqual(before)
    expect(await auditedAbout(id)).toEqual([])
  })
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
})
