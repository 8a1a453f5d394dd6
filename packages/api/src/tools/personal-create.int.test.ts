import { describe, expect, it } from 'vitest'

import { DEFAULT_PERSONAL_TOOL_LIMIT } from '@promptly/core/config/env-fields'

import { balanceOf } from '../credits/testing/users-with-credits.ts'
import { testContext } from '../testing/test-caller.ts'
import { accoNameTakenMessage } from '../tool-builder/builder-writes.ts'
import { builderDraft, REVIEW_REASON } from '../tool-builder/testing/builder-fixtures.ts'
import { usePersonalToolsFrame } from '../tool-builder/testing/personal-tools-frame.ts'
import { personalToolLimitMessage } from './personal-create.handler.ts'

const frame = usePersonalToolsFrame()
const { as, newUser, run } = frame

describe('tools.personal.create', () => {
  it('builds a private tool that its owner opens and runs', async () => {
    const ada = await newUser('Ada')
    const draft = builderDraft({ labels: ['Press Releases'], groupBy: 'Press Releases' })
    const { id } = await as(ada).tools.personal.create(draft)

    const { tool, similar } = await as(ada).tools.get({ id })
    expect(tool).toMatchObject({ id, name: draft.name, groups: [[{ type: 'input' }, { options: ['Warm', 'Dry'] }]] })
    expect(similar).toEqual([])

    const events = await run(ada, id)
    expect(events.at(-1)).toMatchObject({ type: 'done', output: expect.stringContaining('Spring sale') })
    expect(await balanceOf(frame.db.prisma, ada.id)).toBe(29)
  })

  it('cannot take an accoName any other tool has: CONFLICT', async () => {
    const ada = await newUser('Ada')
    const catalogueTool = await as(frame.admin).admin.tools.get({ id: frame.catalogueToolId })
    const draft = builderDraft({ accoName: catalogueTool.accoName })
    await expect(as(ada).tools.personal.create(draft)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: accoNameTakenMessage(catalogueTool.accoName),
    })
  })

  it('is UNAUTHORIZED signed out', async () => {
    await expect(as(null).tools.personal.create(builderDraft())).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

describe('the personal tool limit', () => {
  it(`is ${DEFAULT_PERSONAL_TOOL_LIMIT} private tools by default`, async () => {
    expect(testContext(frame.db.prisma, null).personalToolLimit).toBe(DEFAULT_PERSONAL_TOOL_LIMIT)
  })

  it('refuses one more private tool with CONFLICT; deleting one, or a publish, makes room', async () => {
    const ada = await newUser('Ada')
    const limited = as(ada, { personalToolLimit: 2 })
    const first = await limited.tools.personal.create(builderDraft())
    await limited.tools.personal.create(builderDraft())
    const extra = builderDraft()
    await expect(limited.tools.personal.create(extra)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: personalToolLimitMessage(2),
    })
    expect(await frame.db.prisma.tool.count({ where: { name: extra.name } })).toBe(0)

    await limited.tools.personal.delete({ id: first.id })
    const third = await limited.tools.personal.create(builderDraft())
    await as(frame.admin).admin.tools.publish({ id: third.id, published: true, reason: REVIEW_REASON })
    await limited.tools.personal.create(builderDraft())
    expect(await frame.db.prisma.tool.count({ where: { ownerId: ada.id, published: false } })).toBe(2)
  })

  it('holds when several creations race', async () => {
    const ada = await newUser('Ada')
    const limited = as(ada, { personalToolLimit: 3 })
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => limited.tools.personal.create(builderDraft())),
    )
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3)
    const refusals = results.filter((result) => result.status === 'rejected')
    expect(refusals.map((result) => (result.reason as { code: string }).code)).toEqual(Array(3).fill('CONFLICT'))
    expect(await frame.db.prisma.tool.count({ where: { ownerId: ada.id } })).toBe(3)
  })

  it('of 0 turns personal tools off', async () => {
    const ada = await newUser('Ada')
    await expect(as(ada, { personalToolLimit: 0 }).tools.personal.create(builderDraft())).rejects.toMatchObject({
      code: 'CONFLICT',
      message: personalToolLimitMessage(0),
    })
  })
})
