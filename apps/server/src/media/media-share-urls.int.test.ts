import type { LightMyRequestResponse } from 'fastify'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { MEDIA_URL_LIFETIME_SECONDS } from '@promptly/api/media/media-url-signature'

import type { TestAccount } from '../testing/local-accounts.ts'
import { createTestApiKey } from '../testing/test-api-keys.ts'
import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ seed: true, fakeAi: true })
afterEach(() => vi.useRealTimers())

const SHARE_URL = /^(?<origin>https?:\/\/[^/]+)\/media\/(?<id>[0-9a-f-]{36})\?exp=(?<exp>\d+)&sig=[A-Za-z0-9_-]{43}$/

/** A personal API key for `owner`, as a script is given one. */
const apiKeyOf = (owner: TestAccount) => createTestApiKey(t.app, owner)

/** What a script calling with only its API key is answered: the share URLs. */
async function generate(key: { authorization: string }, call: 'image' | 'speech'): Promise<string[]> {
  const payload =
    call === 'image' ? { prompt: 'A fox in the snow', n: 2, quality: 'standard' } : { input: 'Hello', voice: 'nova' }
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/response/${call}`, headers: key, payload })
  expect(res.statusCode).toBe(200)
  const { data } = res.json<{ data: string | string[] }>()
  return typeof data === 'string' ? [data] : data
}

/** A request with nothing but the URL: no cookie, no Authorization, as another site's <img> sends it. */
function fetchAnonymously(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  const { pathname, search } = new URL(url)
  return t.app.inject({ method: 'GET', url: `${pathname}${search}`, headers })
}

function partsOf(url: string): { id: string; exp: number; path: string } {
  const match = SHARE_URL.exec(url)
  if (!match?.groups) throw new Error(`Not a share URL: ${url}`)
  return { id: match.groups.id!, exp: Number(match.groups.exp), path: new URL(url).pathname }
}

async function deleteGenerationOf(owner: TestAccount, mediaId: string): Promise<void> {
  const { generationId } = await t.db.prisma.storedMedia.findUniqueOrThrow({ where: { id: mediaId } })
  const res = await t.app.inject({
    method: 'POST',
    url: '/trpc/generation.delete',
    headers: owner.bearer,
    payload: { json: { id: generationId } },
  })
  expect(res.statusCode).toBe(200)
}

describe('share URLs of generated images', () => {
  it('load for anyone holding them, with no credentials, embeddable by any site, for 7 days', async () => {
    const ada = await t.signUp()
    const urls = await generate(await apiKeyOf(ada), 'image')
    expect(urls).toHaveLength(2)
    for (const url of urls) {
      const { exp } = partsOf(url)
      expect(url.startsWith(`${t.config.appUrl}/media/`)).toBe(true)
      const lifetime = exp - Math.floor(Date.now() / 1000)
      expect(lifetime).toBeGreaterThan(MEDIA_URL_LIFETIME_SECONDS - 60)
      expect(lifetime).toBeLessThanOrEqual(MEDIA_URL_LIFETIME_SECONDS)

      const res = await fetchAnonymously(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/jpeg')
      expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
      // Private (no shared cache outlives a deletion), and never kept past the link's own expiry.
      expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
      const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1])
      expect(maxAge).toBeGreaterThan(0)
      expect(maxAge).toBeLessThanOrEqual(exp - Math.floor(Date.now() / 1000))
    }
  })

  it("keeps the owner's session path, same-origin, with or without a signature, and nobody else's", async () => {
    const ada = await t.signUp()
    const bob = await t.signUp()
    const [url] = await generate(await apiKeyOf(ada), 'image')
    const { path } = partsOf(url!)
    const own = await t.app.inject({ method: 'GET', url: path, cookies: ada.cookies })
    expect(own.statusCode).toBe(200)
    expect(own.headers['cross-origin-resource-policy']).toBe('same-origin')
    expect((await t.app.inject({ method: 'GET', url: path, cookies: bob.cookies })).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404)
  })

  it('answers 404 once the link has expired, the clock moved past it', async () => {
    const ada = await t.signUp()
    const [url] = await generate(await apiKeyOf(ada), 'image')
    const { exp } = partsOf(url!)
    vi.useFakeTimers({ toFake: ['Date'], now: (exp - 1) * 1000 })
    expect((await fetchAnonymously(url!)).statusCode).toBe(200)
    vi.setSystemTime(exp * 1000)
    const expired = await fetchAnonymously(url!)
    expect(expired.statusCode).toBe(404)
    expect(expired.headers['cross-origin-resource-policy']).toBe('same-origin')
  })

  it('answers 404 to an altered link: another expiry, another signature, another file, no signature', async () => {
    const ada = await t.signUp()
    const [first, second] = await generate(await apiKeyOf(ada), 'image')
    const { id, exp } = partsOf(first!)
    const sig = new URL(first!).searchParams.get('sig')!
    const otherId = partsOf(second!).id
    const flipped = `${sig.slice(0, 5)}${sig[5] === 'A' ? 'B' : 'A'}${sig.slice(6)}`
    const altered = [
      `/media/${id}?exp=${exp + 86_400}&sig=${sig}`,
      `/media/${id}?exp=${exp}&sig=${flipped}`,
      `/media/${otherId}?exp=${exp}&sig=${sig}`,
      `/media/${id}?exp=${exp}`,
      `/media/${id}?exp=${exp}&sig=${sig}&sig=${sig}`,
    ]
    for (const url of altered) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404)
    expect((await fetchAnonymously(first!)).statusCode).toBe(200)
  })

  it('answers 404 at once when the generation is deleted from history, long before the link expires', async () => {
    const ada = await t.signUp()
    const [url] = await generate(await apiKeyOf(ada), 'image')
    expect((await fetchAnonymously(url!)).statusCode).toBe(200)
    await deleteGenerationOf(ada, partsOf(url!).id)
    expect((await fetchAnonymously(url!)).statusCode).toBe(404)
  })
})

describe('share URLs of generated speech', () => {
  it('play for anyone holding them, seekable by range, embeddable by any site', async () => {
    const ada = await t.signUp()
    const [url] = await generate(await apiKeyOf(ada), 'speech')
    partsOf(url!)
    const whole = await fetchAnonymously(url!)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-type']).toBe('audio/mpeg')
    expect(whole.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const part = await fetchAnonymously(url!, { range: 'bytes=0-3' })
    expect(part.statusCode).toBe(206)
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(0, 4))
    expect(part.headers['cross-origin-resource-policy']).toBe('cross-origin')
  })

  it('stop playing once expired, and once the generation is deleted', async () => {
    const ada = await t.signUp()
    const [url] = await generate(await apiKeyOf(ada), 'speech')
    const { id, exp } = partsOf(url!)
    vi.useFakeTimers({ toFake: ['Date'], now: (exp + 1) * 1000 })
    expect((await fetchAnonymously(url!)).statusCode).toBe(404)
    vi.useRealTimers()
    expect((await fetchAnonymously(url!)).statusCode).toBe(200)
    await deleteGenerationOf(ada, id)
    expect((await fetchAnonymously(url!)).statusCode).toBe(404)
  })
})
