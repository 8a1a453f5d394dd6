import type { InjectOptions } from 'fastify'
import { beforeAll, describe, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'
import type { GenerationEvent } from '@promptly/api/generation/run.schema'
import { accoNameTakenMessage } from '@promptly/api/tool-builder/builder-writes'
import { BUILDER_DRAFT_VALUES, builderDraft } from '@promptly/api/tool-builder/testing/builder-fixtures'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const ADMIN_EMAIL = 'builder-admin@example.com'
// The built-in local model (no OPENAI_* set) answers the generations, streaming at once.
const t = useTestApp({
  seed: true,
  listen: true,
  env: { ADMIN_EMAILS: ADMIN_EMAIL, LOCAL_MODEL_CHUNK_DELAY_MS: '0', RATE_LIMIT_PER_MINUTE: '100000' },
})
let admin: TestAccount
let user: TestAccount

beforeAll(async () => {
  admin = await t.signUp({ name: 'Builder Admin', email: ADMIN_EMAIL })
  user = await t.signUp({ name: 'Ada' })
})

interface LegacyAnswer<T = unknown> {
  status: string
  message: T
  code?: string
  error?: string
}

async function call<T = unknown>(options: InjectOptions): Promise<{ statusCode: number; body: LegacyAnswer<T> }> {
  const res = await t.app.inject(options)
  return { statusCode: res.statusCode, body: res.json<LegacyAnswer<T>>() }
}

const as = (account: TestAccount | null) => (account ? account.bearer : {})

function addObject(account: TestAccount | null, payload: object, base = '/api/v1') {
  return call<{ _id: string }>({ method: 'POST', url: `${base}/objects/addObjectOnce`, headers: as(account), payload })
}

function getObject(account: TestAccount | null, id: string) {
  return call<{ object: { name: string } }>({
    method: 'GET',
    url: `/api/v1/objects/getObject/${id}`,
    headers: as(account),
  })
}

function generate(account: TestAccount, id: string) {
  return call({
    method: 'POST',
    url: `/api/v2/objects/getResponseOfObject/${id}`,
    headers: account.bearer,
    payload: { groups: BUILDER_DRAFT_VALUES },
  })
}

async function cardIds(url: string): Promise<string[]> {
  const { body } = await call<{ _id: string }[]>({ method: 'GET', url })
  return body.message.map((card) => card._id)
}

const auditedAbout = (toolId: string) =>
  t.db.prisma.auditEntry.findMany({
    where: { details: { path: ['toolId'], equals: toolId } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  })

async function collect(events: AsyncIterable<GenerationEvent>): Promise<GenerationEvent[]> {
  const seen: GenerationEvent[] = []
  for await (const event of events) seen.push(event)
  return seen
}

describe('the builder round trip (tRPC)', () => {
  it('creates a tool that the catalogue lists and the generator runs; updates and deletes it', async () => {
    const draft = builderDraft()
    const { id } = await t.trpc(admin).admin.tools.create.mutate(draft)
    const visitor = t.trpc(null)
    expect((await visitor.tools.search.query({ text: draft.name })).map((card) => card.id)).toEqual([id])
    expect((await visitor.tools.byCategory.query({ category: 'Newsletters' })).map((card) => card.id)).toContain(id)
    expect((await visitor.tools.get.query({ id })).tool).toMatchObject({ id, name: draft.name })

    const before = await balanceOf(t.db.prisma, user.user.id)
    const events = await collect(await t.trpc(user).generation.run.mutate({ toolId: id, groups: BUILDER_DRAFT_VALUES }))
    expect(events.at(-1)).toMatchObject({ type: 'done', output: expect.stringMatching(/<p>/) })
    expect(await balanceOf(t.db.prisma, user.user.id)).toBe(before - 1)

    await t.trpc(admin).admin.tools.update.mutate({ id, tool: { ...draft, name: `${draft.name} Two` } })
    expect((await visitor.tools.get.query({ id })).tool.name).toBe(`${draft.name} Two`)

    await t.trpc(admin).admin.tools.delete.mutate({ id })
    await expect(visitor.tools.get.query({ id })).rejects.toMatchObject({ data: { code: 'NOT_FOUND' } })
    expect(await visitor.tools.search.query({ text: draft.name })).toEqual([])
    expect((await visitor.tools.byCategory.query({ category: 'Newsletters' })).map((card) => card.id)).not.toContain(id)
  })
})

describe('the builder REST doors: admins only', () => {
  const doors = (id: string): InjectOptions[] => [
    { method: 'POST', url: '/api/v1/objects/addObjectOnce', payload: builderDraft() },
    { method: 'POST', url: '/api/v2/objects/addObjectOnce', payload: builderDraft() },
    { method: 'PUT', url: `/api/v1/objects/updateObject/${id}`, payload: builderDraft() },
    { method: 'PUT', url: `/api/v2/objects/updateObject/${id}`, payload: builderDraft() },
    { method: 'DELETE', url: `/templates/delete/${id}` },
  ]

  it('answers 401 signed out, 403 to a user and to an admin API key, and changes nothing', async () => {
    const { body: created } = await addObject(admin, builderDraft())
    const id = created.message._id
    const keyRes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: admin.bearer,
      payload: { name: 'admin script', scopes: ['read', 'generate'] },
    })
    const adminKey = { authorization: `Bearer ${keyRes.json<{ data: { key: string } }>().data.key}` }
    const before = await t.db.prisma.tool.findMany({ orderBy: { id: 'asc' } })
    for (const door of doors(id)) {
      const signedOut = await call(door)
      expect([door.url, signedOut.statusCode, signedOut.body.code]).toEqual([door.url, 401, 'UNAUTHORIZED'])
      for (const headers of [user.bearer, adminKey]) {
        const refused = await call({ ...door, headers })
        expect([door.url, refused.statusCode, refused.body.code]).toEqual([door.url, 403, 'FORBIDDEN'])
      }
    }
    expect(await t.db.prisma.tool.findMany({ orderBy: { id: 'asc' } })).toEqual(before)
  })

  it('creates (201, message._id), updates and deletes in the legacy envelope', async () => {
    const draft = builderDraft()
    const created = await addObject(admin, { ...draft, accoLogo: draft.logo }, '/api/v2')
    expect(created.statusCode).toBe(201)
    const id = created.body.message._id
    expect(created.body).toEqual({ status: 'Inserted', message: { _id: id, id } })
    expect(await cardIds(`/api/v1/objects/searchObjects/${encodeURIComponent(draft.name)}`)).toEqual([id])
    expect(await cardIds('/api/v1/objects/getObjectByLabel/Newsletters')).toContain(id)
    expect((await getObject(null, id)).body.message.object.name).toBe(draft.name)

    const generated = await generate(user, id)
    expect(generated.statusCode).toBe(200)

    const updated = await call({
      method: 'PUT',
      url: `/api/v1/objects/updateObject/${id}`,
      headers: admin.bearer,
      payload: { ...draft, name: 'Renamed Over REST' },
    })
    expect([updated.statusCode, updated.body]).toEqual([200, { status: 'OK', message: { _id: id, id } }])
    expect((await getObject(null, id)).body.message.object.name).toBe('Renamed Over REST')

    const deleted = await call({ method: 'DELETE', url: `/templates/delete/${id}`, headers: admin.bearer })
    expect([deleted.statusCode, deleted.body]).toEqual([200, { status: 'OK', message: { _id: id, id, deleted: true } }])
    expect((await getObject(null, id)).statusCode).toBe(404)
    expect(await cardIds('/api/v1/objects/getObjectByLabel/Newsletters')).not.toContain(id)
    expect(await cardIds(`/api/v1/objects/searchObjects/${encodeURIComponent(draft.name)}`)).toEqual([])
    const again = await call({ method: 'DELETE', url: `/templates/delete/${id}`, headers: admin.bearer })
    expect(again.statusCode).toBe(404)
  })

  it('refuses a taken accoName with 409 naming the field, and a label off the list with 400', async () => {
    const first = builderDraft()
    await addObject(admin, first)
    const clash = await addObject(admin, builderDraft({ accoName: first.accoName }))
    expect([clash.statusCode, clash.body.code, clash.body.error]).toEqual([
      409,
      'CONFLICT',
      accoNameTakenMessage(first.accoName),
    ])
    const badLabel = await addObject(admin, builderDraft({ labels: ['Podcasts'], groupBy: 'Podcasts' }))
    expect([badLabel.statusCode, badLabel.body.error]).toEqual([400, 'labels.0: Choose labels from the list'])
  })
})

describe('the builder REST doors in the audit log', () => {
  it('record the create, the update and the delete, as the admin, whichever door served them', async () => {
    const draft = builderDraft()
    const id = (await addObject(admin, draft, '/api/v2')).body.message._id
    const payload = { ...draft, name: `${draft.name} Two` }
    await call({ method: 'PUT', url: `/api/v1/objects/updateObject/${id}`, headers: admin.bearer, payload })
    await call({ method: 'DELETE', url: `/templates/delete/${id}`, headers: admin.bearer })

    const entries = await auditedAbout(id)
    expect(entries.map((entry) => [entry.action, entry.actorId, entry.targetUserId])).toEqual([
      ['tool.create', admin.user.id, admin.user.id],
      ['tool.update', admin.user.id, admin.user.id],
      ['tool.delete', admin.user.id, admin.user.id],
    ])
  })
})

describe("a user's personal tool through the REST doors", () => {
  it('is opened and run by its owner only: 404 to everyone else, who is charged nothing', async () => {
    const owner = await t.signUp({ name: 'Owner' })
    const other = await t.signUp({ name: 'Other' })
    const { id } = await t.trpc(owner).tools.personal.create.mutate(builderDraft())

    expect((await getObject(owner, id)).statusCode).toBe(200)
    expect((await generate(owner, id)).statusCode).toBe(200)

    for (const account of [other, null]) expect((await getObject(account, id)).statusCode).toBe(404)
    const before = await balanceOf(t.db.prisma, other.user.id)
    const run = await generate(other, id)
    expect([run.statusCode, run.body.code]).toEqual([404, 'NOT_FOUND'])
    expect(await balanceOf(t.db.prisma, other.user.id)).toBe(before)
    const bookmark = await call({ method: 'POST', url: `/api/v2/bookmarks/add-remove/${id}`, headers: other.bearer })
    expect(bookmark.statusCode).toBe(404)
  })

  it('cannot be changed or deleted by another user through the admin doors', async () => {
    const owner = await t.signUp({ name: 'Owner' })
    const { id } = await t.trpc(owner).tools.personal.create.mutate(builderDraft())
    const before = await t.db.prisma.tool.findUniqueOrThrow({ where: { id } })
    const put = await call({
      method: 'PUT',
      url: `/api/v1/objects/updateObject/${id}`,
      headers: user.bearer,
      payload: builderDraft(),
    })
    const del = await call({ method: 'DELETE', url: `/templates/delete/${id}`, headers: user.bearer })
    expect([put.statusCode, del.statusCode]).toEqual([403, 403])
    expect(await t.db.prisma.tool.findUniqueOrThrow({ where: { id } })).toEqual(before)
  })

  it('is a 404 to an admin who states no reason, as to anyone else, and nothing changes', async () => {
    const owner = await t.signUp({ name: 'Owner' })
    const { id } = await t.trpc(owner).tools.personal.create.mutate(builderDraft())
    const before = await t.db.prisma.tool.findUniqueOrThrow({ where: { id } })
    for (const base of ['/api/v1', '/api/v2']) {
      const put = await call({
        method: 'PUT',
        url: `${base}/objects/updateObject/${id}`,
        headers: admin.bearer,
        payload: builderDraft({ name: 'Renamed By Admin' }),
      })
      expect([put.statusCode, put.body.code]).toEqual([404, 'NOT_FOUND'])
    }
    const del = await call({ method: 'DELETE', url: `/templates/delete/${id}`, headers: admin.bearer })
    expect([del.statusCode, del.body.code]).toEqual([404, 'NOT_FOUND'])
    expect(await t.db.prisma.tool.findUniqueOrThrow({ where: { id } })).toEqual(before)
    expect(await auditedAbout(id)).toEqual([])
  })

  it('is changed and deleted by an admin who gives ?reason=, each audited with it and the owner', async () => {
    const owner = await t.signUp({ name: 'Owner' })
    const { id } = await t.trpc(owner).tools.personal.create.mutate(builderDraft())
    const reason = 'Owner asked support to rename it'
    const query = `?reason=${encodeURIComponent(reason)}`
    const put = await call({
      method: 'PUT',
      url: `/api/v1/objects/updateObject/${id}${query}`,
      headers: admin.bearer,
      payload: builderDraft({ name: 'Renamed For Owner' }),
    })
    expect(put.statusCode).toBe(200)
    expect(await t.trpc(owner).tools.personal.get.query({ id })).toMatchObject({ name: 'Renamed For Owner' })
    const short = await call({ method: 'DELETE', url: `/templates/delete/${id}?reason=no`, headers: admin.bearer })
    expect(short.statusCode).toBe(400)
    const del = await call({ method: 'DELETE', url: `/templates/delete/${id}${query}`, headers: admin.bearer })
    expect(del.statusCode).toBe(200)

    expect(await auditedAbout(id)).toMatchObject([
      { action: 'tool.update', actorId: admin.user.id, targetUserId: owner.user.id, details: { reason } },
      { action: 'tool.delete', actorId: admin.user.id, targetUserId: owner.user.id, details: { reason } },
    ])
  })
})
