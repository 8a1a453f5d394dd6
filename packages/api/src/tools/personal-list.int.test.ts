import { describe, expect, it } from 'vitest'

import { builderDraft } from '../tool-builder/testing/builder-fixtures.ts'
import { usePersonalToolsFrame } from '../tool-builder/testing/personal-tools-frame.ts'

const frame = usePersonalToolsFrame()
const { as, newUser } = frame

describe('tools.personal.list', () => {
  it("lists the owner's private tool, not bookmarked", async () => {
    const ada = await newUser('Ada')
    const draft = builderDraft({ labels: ['Press Releases'], groupBy: 'Press Releases' })
    const { id } = await as(ada).tools.personal.create(draft)
    expect(await as(ada).tools.personal.list()).toEqual([
      expect.objectContaining({ id, name: draft.name, published: false, isBookmarked: false }),
    ])
  })

  it("lists nothing of another user's", async () => {
    const ada = await newUser('Ada')
    const bob = await newUser('Bob')
    await as(ada).tools.personal.create(builderDraft())
    expect(await as(bob).tools.personal.list()).toEqual([])
  })

  it('is UNAUTHORIZED signed out', async () => {
    await expect(as(null).tools.personal.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
