import { describe, expect, it } from 'vitest'

import { PUBLISHED_PERSONAL_TOOL_MESSAGE } from '../tool-builder/personal-scope.ts'
import { builderDraft, REVIEW_REASON } from '../tool-builder/testing/builder-fixtures.ts'
import { usePersonalToolsFrame } from '../tool-builder/testing/personal-tools-frame.ts'

const frame = usePersonalToolsFrame()
const { as, newUser } = frame

describe('tools.personal.delete', () => {
  it('deletes the owner’s tool: its page and its list entry are gone', async () => {
    const ada = await newUser('Ada')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    expect(await as(ada).tools.personal.delete({ id })).toEqual({ id, deleted: true })
    await expect(as(ada).tools.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await as(ada).tools.personal.list()).toEqual([])
  })

  it('can no longer delete it once an admin put it in the catalogue: FORBIDDEN', async () => {
    const ada = await newUser('Ada')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    await as(frame.admin).admin.tools.publish({ id, published: true, reason: REVIEW_REASON })
    const refused = { code: 'FORBIDDEN', message: PUBLISHED_PERSONAL_TOOL_MESSAGE }
    await expect(as(ada).tools.personal.delete({ id })).rejects.toMatchObject(refused)
    expect(await as(ada).tools.personal.list()).toEqual([expect.objectContaining({ id, published: true })])
  })

  it("is NOT_FOUND for another user's tool, and deletes nothing", async () => {
    const ada = await newUser('Ada')
    const bob = await newUser('Bob')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    const before = await frame.db.prisma.tool.findUniqueOrThrow({ where: { id } })
    await expect(as(bob).tools.personal.delete({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await frame.db.prisma.tool.findUniqueOrThrow({ where: { id } })).toEqual(before)
  })
})
