import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'

import type { TestAccount } from '../../testing/local-accounts.ts'
import { createTestApiKey } from '../../testing/test-api-keys.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { API_BASES, clerkIdQuery, expectStatus, generatorPageParse, send, type Headers } from './legacy-client-calls.ts'
import { absoluteHttpUrl, expectShape, okWithData } from './spec-answer-shapes.ts'

// The generation rows of the spec's call table (section 7: getResponseOfObject on {api}, paraphrase
// and image on {bookmarksApi}), sent as the legacy client sent them, by a script holding a personal
// API key with the `generate` scope. The AI is the OpenAI-compatible fake.
const t = useTestApp({ seed: true, fakeAi: true, env: { API_KEY_RATE_LIMIT_PER_MINUTE: '100000' } })
let ada: TestAccount
let withKey: Headers

beforeAll(async () => {
  ada = await t.signUp({ name: 'Ada Lovelace' })
  withKey = await createTestApiKey(t.app, ada, ['read', 'generate'])
})

/**
 * The X (Twitter) Bio Generator's form, row by row, as the generator page collected it: text as
 * typed, the tone chosen, and a switch as its first option when on (bigwigmedia
 * src/components/Generate2.tsx: `val[ele.in] ? ele.options[0] : ele.options[1]`).
 */
const BIO_FORM_ROWS = [
  ['Product designer at a fintech startup', 'UX tips and design systems'],
  ['Witty', 'Add one or two fitting emojis to each bio.'],
  [''],
]

describe.each(API_BASES)('the generation calls on %s, with a generate API key', (base) => {
  it('POST {api}/objects/getResponseOfObject/{id}?clerkId, groups: 200, data holds JSON with output', async () => {
    // bigwigmedia src/components/Generate2.tsx: posts { groups: dupVal } and, on a 200, parses
    // res.data.data (extractJSON, '</p>' -> '</p><br/>', JSON.parse) and shows its `output`.
    const url = `${base}/objects/getResponseOfObject/${X_TWITTER_BIO_TOOL_ID}${clerkIdQuery(ada.user)}`
    const answer = await send(t.app, { method: 'POST', url, headers: withKey, payload: { groups: BIO_FORM_ROWS } })
    expectStatus(answer, 200)
    const { data } = expectShape(okWithData(z.string().includes('{')), answer.body, answer.call)
    expectShape(z.object({ output: z.string().min(1) }), generatorPageParse(data), 'the parsed data')
  })

  it('POST {bookmarksApi}/response/paraphrase with clerkId and prompt: 200, data is the text', async () => {
    // The paraphrase tool shows `data` split by lines (spec sections 2 and 7); Bigwigmedia_Backend
    // controllers/response.controllers.js getParaPhrase answers response_200(res, words, response).
    const url = `${base}/response/paraphrase${clerkIdQuery(ada.user)}`
    const answer = await send(t.app, { method: 'POST', url, headers: withKey, payload: { prompt: 'We bake bread.' } })
    expectStatus(answer, 200)
    expectShape(okWithData(z.string().min(1)), answer.body, answer.call)
  })

  it('POST {bookmarksApi}/response/image?clerkId, prompt, quality, n, style: 200, data: image URLs', async () => {
    // Body: bigwigmedia's image generator component (src/components: { prompt, quality,
    // n: parseInt(number), style }), which shows res.data.data in a grid; Bigwigmedia_Backend
    // controllers/response.controllers.js getImage answers the provider's URLs (`.map(x => x.url)`).
    const url = `${base}/response/image${clerkIdQuery(ada.user)}`
    const payload = { prompt: 'A lighthouse at dawn', quality: 'hd', n: 2, style: 'Professional' }
    const answer = await send(t.app, { method: 'POST', url, headers: withKey, payload })
    expectStatus(answer, 200)
    expectShape(okWithData(z.array(absoluteHttpUrl).length(2)), answer.body, answer.call)
  })

  it('POST {bookmarksApi}/response/image: each image URL serves the image to whoever holds it', async () => {
    // The original handed out the image model's own URLs, which any browser or script could load
    // and download (the page's <img> and its image.jpg download carry no credentials).
    const url = `${base}/response/image${clerkIdQuery(ada.user)}`
    const payload = { prompt: 'A lighthouse at dawn', quality: 'standard', n: 1, style: 'Art' }
    const answer = await send(t.app, { method: 'POST', url, headers: withKey, payload })
    expectStatus(answer, 200)
    // Only the URLs matter here (the answer's shape is the row above).
    const { data } = expectShape(z.object({ data: z.array(absoluteHttpUrl).length(1) }), answer.body, answer.call)
    for (const imageUrl of data) {
      const { pathname, search } = new URL(imageUrl)
      const image = await t.app.inject({ method: 'GET', url: `${pathname}${search}` })
      expect(image.statusCode, `GET ${imageUrl} with no credentials`).toBe(200)
      expect(image.headers['content-type']).toMatch(/^image\//)
    }
  })
})
