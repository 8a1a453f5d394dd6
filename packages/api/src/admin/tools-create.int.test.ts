import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { TestDatabase } from '@promptly/db/testing/test-database'

import type { SignedInUser } from '../context.ts'
import { callerFor } from '../testing/test-caller.ts'
import { accoNameTakenMessage } from '../tool-builder/builder-writes.ts'
import { builderDraft, expectAdminToolsOnly, openAdminToolsFixture } from '../tool-builder/testing/builder-fixtures.ts'

let db: TestDatabase
let admin: SignedInUser
let ada: SignedInUser

beforeAll(async () => {
  ;({ db, admin, ada } = await openAdminToolsFixture())
})
afterAll(() => db.close())

const asAdmin = () => callerFor(db.prisma, admin)

describe('admin.tools.create', () => {
  it('is UNAUTHORIZED signed out and FORBIDDEN for a user, and changes nothing', async () => {
    await expectAdminToolsOnly(db.prisma, ada, (caller) => caller.admin.tools.create(builderDraft()))
  })

  it('publishes the tool at once, built by the admin, with the builder rules applied', async () => {
    const draft = builderDraft({
      labels: ['email tools', 'Upcoming Tools'],
      groups: [[{ text: 'Colour', type: 'other', otherType: 'color-picker', options: ['', 'red'], required: false }]],
    })
    const { id } = await asAdmin().admin.tools.create(draft)
    const tool = await asAdmin().admin.tools.get({ id })
    expect(tool).toMatchObject({
      id,
      name: draft.name,
      accoName: draft.accoName,
      labels: ['All Tools', 'Email Tools', 'Upcoming Tools'],
      groupBy: 'Email Tools',
      upcoming: true,
      kind: 'generic',
      published: true,
      ownerId: admin.id,
      groups: [[{ text: 'Colour', placeholder: '', gpt: '', type: 'color-picker', options: ['red'], required: false }]],
      faq: draft.faq,
    })
    const row = await db.prisma.tool.findUniqueOrThrow({ where: { id } })
    expect(row.slug).toMatch(new RegExp(`-${id.slice(0, 8)}$`))
  })

  it('refuses a taken accoName with CONFLICT naming the field, and stores nothing', async () => {
    const first = builderDraft()
    await asAdmin().admin.tools.create(first)
    const clash = builderDraft({ accoName: first.accoName })
    await expect(asAdmin().admin.tools.create(clash)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: accoNameTakenMessage(first.accoName),
    })
    expect(await db.prisma.tool.count({ where: { name: clash.name } })).toBe(0)
  })

  it.each([
    ['a label off the fixed list', { labels: ['Email Tools', 'Podcasts'] }],
    ['a groupBy that is not one of its labels', { groupBy: 'SEO Tools' }],
    ['a logo that is neither a listed icon nor an http(s) URL', { logo: '/api/v1/keys' }],
    ['no form', { groups: [] }],
  ])('refuses %s with BAD_REQUEST', async (_case, overrides) => {
    const draft = builderDraft(overrides)
    await expect(asAdmin().admin.tools.create(draft)).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    expect(await db.prisma.tool.count({ where: { name: draft.name } })).toBe(0)
  })
})
