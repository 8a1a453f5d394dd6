import { describe, expect, it } from 'vitest'

import { PUBLISHED_PERSONAL_TOOL_MESSAGE } from '../tool-builder/personal-scope.ts'
import { builderDraft, REVIEW_REASON } from '../tool-builder/testing/builder-fixtures.ts'
import { usePersonalToolsFrame } from '../tool-builder/testing/personal-tools-frame.ts'

const frame = usePersonalToolsFrame()
const { as, newUser } = frame

describe('tools.personal.update', () => {
  it('rewrites the owner’s tool, and its page shows the new name', async () => {
    const ada = await newUser('Ada')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    const renamed = builderDraft({ name: 'My Renamed Tool' })
    expect(await as(ada).tools.personal.update({ id, tool: renamed })).toMatchObject({ id, name: 'My Renamed Tool' })
    expect((await as(ada).tools.get({ id })).tool.name).toBe('My Renamed Tool')
  })

  it('can no longer change it once an admin put it in the catalogue: FORBIDDEN', async () => {
    const ada = await newUser('Ada')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    await as(frame.admin).admin.tools.publish({ id, published: true, reason: REVIEW_REASON })
    const refused = { code: 'FORBIDDEN', message: PUBLISHED_PERSONAL_TOOL_MESSAGE }
    await expect(as(ada).tools.personal.update({ id, tool: builderDraft() })).rejects.toMatchObject(refused)
    expect(await as(ada).tools.personal.list()).toEqual([expect.objectContaining({ id, published: true })])
  })

  it("is NOT_FOUND for another user's tool, and changes nothing", async () => {
    const ada = await newUser('Ada')
    const bob = await newUser('Bob')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    const before = await frame.db.prisma.tool.findUniqueOrThrow({ where: { id } })
    await expect(as(bob).tools.personal.update({ id, tool: builderDraft() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await frame.db.prisma.tool.findUniqueOrThrow({ where: { id } })).toEqual(before)
  })
})
