import { beforeAll, describe, expect, it } from 'vitest'

import { insertBuiltTool } from '@promptly/api/tool-builder/builder-writes'
import { builderDraft } from '@promptly/api/tool-builder/testing/builder-fixtures'
import { builtToolInput } from '@promptly/api/tool-builder/tool-builder.schema'

import type { TestAccount } from '../testing/local-accounts.ts'
import { useTestApp } from '../testing/use-test-app.ts'

/** The builder's delete on every base the original served it on: /api/v1, /api/v2 and unprefixed. */
const ADMIN_EMAIL = 'delete-admin@example.test'
const t = useTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_PER_MINUTE: '100000' } })
let admin: TestAccount
let plain: TestAccount

beforeAll(async () => {
  admin = await t.signUp({ name: 'Admin', email: ADMIN_EMAIL })
  plain = await t.signUp({ name: 'Plain' })
})

async function catalogueTool(): Promise<string> {
  const owner = { ownerId: admin.user.id, published: true }
  return (
    await insertBuiltTool(
      { db: t.db.prisma, caches: t.testApp.services.caches },
      builtToolInput.parse(builderDraft()),
      owner,
    )
  ).id
}

describe.each(['/api/v1', '/api/v2', ''])('DELETE %s/templates/delete/{id}', (base) => {
  it('deletes a catalogue tool for an admin, answering the legacy envelope', async () => {
    const id = await catalogueTool()
    const res = await t.app.inject({ method: 'DELETE', url: `${base}/templates/delete/${id}`, headers: admin.bearer })
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'OK', message: { _id: id, id, deleted: true } }])
    expect(await t.db.prisma.tool.findUnique({ where: { id } })).toBeNull()
    const again = await t.app.inject({ method: 'DELETE', url: `${base}/templates/delete/${id}`, headers: admin.bearer })
    expect(again.statusCode).toBe(404)
  })

  it('refuses a plain user (403) and a signed-out caller (401), and the tool stays', async () => {
    const id = await catalogueTool()
    const url = `${base}/templates/delete/${id}`
    expect((await t.app.inject({ method: 'DELETE', url, headers: plain.bearer })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401)
    expect(await t.db.prisma.tool.findUnique({ where: { id } })).not.toBeNull()
  })
})
