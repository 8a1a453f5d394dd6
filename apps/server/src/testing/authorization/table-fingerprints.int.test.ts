import { describe, expect, it } from 'vitest'

import { useTestApp } from '../use-test-app.ts'
import { createWriteWatch, tableFingerprints } from './table-fingerprints.ts'

// The matrices and the fuzzer trust these to see writes: a blind watch would pass every check.
const t = useTestApp({ seed: true })

describe('tableFingerprints', () => {
  it('change when a row is written or updated, and not when rows are read', async () => {
    const ada = await t.signUp()
    const start = await tableFingerprints(t.db.prisma)
    await t.db.prisma.user.findMany()
    expect(await tableFingerprints(t.db.prisma)).toEqual(start)

    await t.db.prisma.user.update({ where: { id: ada.user.id }, data: { name: 'Ada Renamed' } })
    const renamed = await tableFingerprints(t.db.prisma)
    expect(Object.keys(renamed).filter((table) => renamed[table] !== start[table])).toEqual(['users'])
  })
})

describe('createWriteWatch', () => {
  it('names the tables written since the mark, and none after reads only', async () => {
    const ada = await t.signUp()
    const tool = await t.db.prisma.tool.findFirstOrThrow()
    const watch = createWriteWatch(t.db.prisma)

    await watch.mark()
    await t.db.prisma.tool.findMany()
    expect(await watch.changedSinceMark()).toEqual([])

    await watch.mark()
    await t.db.prisma.bookmark.create({ data: { userId: ada.user.id, toolId: tool.id } })
    expect(await watch.changedSinceMark()).toEqual(['bookmarks'])

    // The next mark starts from the new state.
    await watch.mark()
    expect(await watch.changedSinceMark()).toEqual([])
    await t.db.prisma.bookmark.deleteMany({ where: { userId: ada.user.id } })
    expect(await watch.changedSinceMark()).toEqual(['bookmarks'])
  })
})
