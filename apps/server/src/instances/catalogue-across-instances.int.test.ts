import type { FastifyInstance } from 'fastify'
import { describe, expect, it } from 'vitest'

import { fixtureTool, insertTools } from '@promptly/api/testing/catalogue-fixtures'

import { useSecondInstance } from '../testing/second-instance.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp()

const trpcGet = (procedure: string, input: object) =>
  `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`

/** What a signed-out visitor of `app` sees: the names in All Tools, and those a search finds. */
async function catalogueOn(app: FastifyInstance, searchText: string): Promise<{ listed: string[]; found: string[] }> {
  const names = async (url: string) => {
    const res = await app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(200)
    const cards = (JSON.parse(res.body) as { result: { data: { json: { name: string }[] } } }).result.data.json
    return cards.map((card) => card.name)
  }
  return {
    listed: await names(trpcGet('tools.byCategory', { category: 'All Tools' })),
    found: await names(trpcGet('tools.search', { text: searchText })),
  }
}

describe('catalogue changes', () => {
  it('are listed at once by the instance that made them', async () => {
    // PGlite is held by this one process; PostgreSQL may be shared, so changes are broadcast.
    expect(t.testApp.services.caches.bus.kind).toBe(t.db.url ? 'postgres' : 'in-process')
    expect(await catalogueOn(t.app, 'Local Change')).toEqual({ listed: [], found: [] })
    await insertTools(t.db.prisma, [fixtureTool(1, { name: 'Local Change Tool' })])
    await t.testApp.services.caches.catalogue.changed()
    expect(await catalogueOn(t.app, 'Local Change')).toEqual({
      listed: ['Local Change Tool'],
      found: ['Local Change Tool'],
    })
  })
})

describe.runIf(process.env.TEST_DB === 'postgres')('catalogue changes across two instances', () => {
  const second = useSecondInstance(t)

  it('a tool created on one is listed by the other within 1 s', async () => {
    const before = await catalogueOn(second.app, 'Broadcast')
    expect(before.listed).not.toContain('Broadcast Tool')
    await insertTools(t.db.prisma, [fixtureTool(2, { name: 'Broadcast Tool' })])
    // The other instance answers from its caches (TTL 30 s): only the broadcast can bring the tool in.
    expect(await catalogueOn(second.app, 'Broadcast')).toEqual(before)

    const sent = t.testApp.services.caches.catalogue.changed()
    await expect
      .poll(() => catalogueOn(second.app, 'Broadcast'), { timeout: 1_000, interval: 20 })
      .toEqual({ listed: [...before.listed, 'Broadcast Tool'], found: ['Broadcast Tool'] })
    await sent
  })
})
