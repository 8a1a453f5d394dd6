import { describe, expect, it } from 'vitest'

import { builderDraft } from '../tool-builder/testing/builder-fixtures.ts'
import { usePersonalToolsFrame } from '../tool-builder/testing/personal-tools-frame.ts'

const frame = usePersonalToolsFrame()
const { as, newUser } = frame

describe('tools.personal.get', () => {
  it("reads the owner's private tool for the builder", async () => {
    const ada = await newUser('Ada')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    expect(await as(ada).tools.personal.get({ id })).toMatchObject({ id, published: false, ownerId: ada.id })
  })

  it("is NOT_FOUND for another user's tool, and changes nothing", async () => {
    const ada = await newUser('Ada')
    const bob = await newUser('Bob')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    const before = await frame.db.prisma.tool.findUniqueOrThrow({ where: { id } })
    await expect(as(bob).tools.personal.get({ id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await frame.db.prisma.tool.findUniqueOrThrow({ where: { id } })).toEqual(before)
  })

  it('is UNAUTHORIZED signed out', async () => {
    const ada = await newUser('Ada')
    const { id } = await as(ada).tools.personal.create(builderDraft())
    await expect(as(null).tools.personal.get({ id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
