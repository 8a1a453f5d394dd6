import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { describe, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'
import { COMPRESSION_THRESHOLD_BYTES, encodeOnce, type ContentEncoding } from './compression.ts'

const t = useTestApp({ seed: true })

const decode: Record<ContentEncoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) => brotliDecompressSync(bytes),
  gzip: (bytes) => gunzipSync(bytes),
}
const ENCODINGS: ContentEncoding[] = ['br', 'gzip']

/** The home page's batched GET: the categories and every tool (a public answer the cache keeps). */
const catalogueBatch =
  `/trpc/tools.categories,tools.byCategory?batch=1&input=` +
  encodeURIComponent(JSON.stringify({ 1: { json: { category: 'All Tools' } } }))
const allToolsRest = '/api/v1/objects/getObjectByLabel/All%20Tools'
/** Large JSON answers: a tRPC batch (stored by the public cache), REST, and the OpenAPI document. */
const LARGE_ANSWERS = [catalogueBatch, allToolsRest, '/api/openapi.json']
/**
 * Under the threshold: the seeded categories alone (tRPC GET batch), the public config, an error in
 * the legacy envelope, the health check.
 */
const SMALL_ANSWERS = [
  `/trpc/tools.categories?batch=1&input=${encodeURIComponent('{}')}`,
  '/trpc/system.config',
  '/api/v1/limits',
  '/health',
]

const get = (url: string, acceptEncoding?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

function varyNames(res: LightMyRequestResponse): string[] {
  return String(res.headers.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
}

describe('dynamic answers over the threshold', () => {
  it.each(LARGE_ANSWERS.flatMap((url) => ENCODINGS.map((encoding) => [url, encoding] as const)))(
    'sends %s as %s when asked, decoding to the same JSON, varying on Accept-Encoding',
    async (url, encoding) => {
      // Twice: a catalogue answer is a miss first, then served from the public response cache.
      t.testApp.services.caches.catalogue.changed()
      const answers = [await get(url, encoding), await get(url, encoding)]
      const plain = await get(url)
      expect(plain.statusCode).toBe(200)
      expect(plain.rawPayload.byteLength).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES)
      for (const asked of answers) {
        expect(asked.statusCode).toBe(200)
        expect(asked.headers['content-type']).toMatch(/application\/json/)
        expect(asked.headers['content-encoding']).toBe(encoding)
        expect(varyNames(asked)).toContain('accept-encoding')
        expect(asked.rawPayload.byteLength).toBeLessThan(plain.rawPayload.byteLength / 2)
        expect(decode[encoding](asked.rawPayload).toString('utf8')).toBe(plain.body)
      }
    },
  )

  it('stores a catalogue answer compressed once and serves each encoding from the cache', async () => {
    t.testApp.services.caches.catalogue.changed()
    const miss = await get(catalogueBatch, 'br')
    expect(miss.headers['x-cache']).toBeUndefined()
    expect(miss.headers['content-encoding']).toBe('br')
    for (const encoding of ENCODINGS) {
      const hit = await get(catalogueBatch, encoding)
      expect(hit.headers['x-cache']).toBe('hit')
      expect(hit.headers['content-encoding']).toBe(encoding)
      expect(hit.headers['x-content-type-options']).toBe('nosniff')
      expect(hit.headers.vary).toBe('accept-encoding')
      expect(JSON.parse(decode[encoding](hit.rawPayload).toString('utf8'))).toEqual((await get(catalogueBatch)).json())
    }
    const plainHit = await get(catalogueBatch)
    expect(plainHit.headers['x-cache']).toBe('hit')
    expect(plainHit.headers['content-encoding']).toBeUndefined()
    // A shared cache must not hand these bytes to a client that asked for br: they vary too.
    expect(plainHit.headers.vary).toBe('accept-encoding')
    // The very bytes compressed when the answer was stored, not compressed again for this request.
    const stored = await encodeOnce(plainHit.rawPayload)
    for (const encoding of ENCODINGS) {
      expect((await get(catalogueBatch, encoding)).rawPayload.equals(stored[encoding] ?? Buffer.alloc(0))).toBe(true)
    }
  })

  it('sends the bytes as they are to a client that accepts no encoding the server makes', async () => {
    for (const acceptEncoding of [undefined, 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await get(allToolsRest, acceptEncoding)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBeUndefined()
      expect(res.json()).toMatchObject({ status: 'OK' })
    }
  })

  it('prefers brotli, then gzip, as the client weighs them', async () => {
    expect((await get(allToolsRest, 'gzip, br')).headers['content-encoding']).toBe('br')
    expect((await get(allToolsRest, 'gzip;q=1, br;q=0.5')).headers['content-encoding']).toBe('gzip')
    expect((await get(allToolsRest, 'x-gzip')).headers['content-encoding']).toBe('gzip')
  })
})

describe('dynamic answers under the threshold', () => {
  it.each(SMALL_ANSWERS)('sends %s uncompressed even when the client accepts br and gzip', async (url) => {
    const res = await get(url, 'gzip, deflate, br')
    expect(res.rawPayload.byteLength).toBeLessThan(COMPRESSION_THRESHOLD_BYTES)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(() => res.json()).not.toThrow()
  })
})
