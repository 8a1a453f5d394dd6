import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'

import { X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'

import type { TestAccount } from '../../testing/local-accounts.ts'
import { createTestApiKey } from '../../testing/test-api-keys.ts'
import { useTestApp } from '../../testing/use-test-app.ts'
import { API_BASES, expectStatus, identityQuery, send, type Headers } from './legacy-client-calls.ts'
import {
  expectShape,
  okWithMessage,
  specSignedInToolCard,
  specSimilarTool,
  specToolCard,
  specToolDetail,
} from './spec-answer-shapes.ts'

// The catalogue rows of the spec's call table (section 7, rows 1-4), each sent as the legacy client
// sent it, by a script holding a personal API key with the `read` scope.
const t = useTestApp({
  seed: true,
  env: { RATE_LIMIT_PER_MINUTE: '100000', API_KEY_RATE_LIMIT_PER_MINUTE: '100000' },
})
let ada: TestAccount
let withKey: Headers

beforeAll(async () => {
  ada = await t.signUp({ name: 'Ada Lovelace' })
  withKey = await createTestApiKey(t.app, ada, ['read'])
})

describe.each(API_BASES)('the catalogue calls on %s, with a read API key', (base) => {
  it('GET {api}/objects/getCategories: 200, message is the list of category names', async () => {
    // The client spread res.data.message into its category strip (bigwigmedia src/pages/Landing.tsx
    // getButtons); spec section 3: a category is a plain string.
    const answer = await send(t.app, { method: 'GET', url: `${base}/objects/getCategories`, headers: withKey })
    expectStatus(answer, 200)
    const { message } = expectShape(okWithMessage(z.array(z.string().min(1)).min(1)), answer.body, answer.call)
    expect(message).toContain('All Tools')
  })

  it('GET {api}/objects/getObjectByLabel/All Tools?clerkId&name&email&imageUrl: 200, message: tools', async () => {
    // Query and answer: bigwigmedia src/pages/Landing.tsx getTemplates (setCards(res.data.message),
    // rendered as its `Card`); the original sent the list as `message` through response_200
    // (Bigwigmedia_Backend controllers/addObjects.controllers.js getObjectByLabel).
    const url = `${base}/objects/getObjectByLabel/${encodeURIComponent('All Tools')}${identityQuery(ada.user)}`
    const answer = await send(t.app, { method: 'GET', url, headers: withKey })
    expectStatus(answer, 200)
    const { message } = expectShape(okWithMessage(z.array(specSignedInToolCard).min(1)), answer.body, answer.call)
    expect(message.map((tool) => tool._id)).toContain(X_TWITTER_BIO_TOOL_ID)
  })

  it('GET {api}/objects/searchObjects/{searchText}: 200, message is the tools found', async () => {
    // bigwigmedia src/pages/Landing.tsx handleSearch: `searchObjects/${search}`, res.data.message.
    const url = `${base}/objects/searchObjects/${encodeURIComponent('Bio Generator')}`
    const answer = await send(t.app, { method: 'GET', url, headers: withKey })
    expectStatus(answer, 200)
    const { message } = expectShape(okWithMessage(z.array(specToolCard).min(1)), answer.body, answer.call)
    expect(message.map((tool) => tool._id)).toContain(X_TWITTER_BIO_TOOL_ID)
  })

  it('GET {api}/objects/getObject/{id}: 200, message.object is the tool, .similarObject the similar', async () => {
    // message.object's fields are read one by one by bigwigmedia src/pages/Form.tsx getData; the
    // original answered { object, similarObject } as `message` (Bigwigmedia_Backend
    // controllers/addObjects.controllers.js getObject). Related Tools: at most 5 (spec section 9).
    const url = `${base}/objects/getObject/${X_TWITTER_BIO_TOOL_ID}`
    const answer = await send(t.app, { method: 'GET', url, headers: withKey })
    expectStatus(answer, 200)
    const shape = okWithMessage(z.object({ object: specToolDetail, similarObject: z.array(specSimilarTool).max(5) }))
    const { message } = expectShape(shape, answer.body, answer.call)
    expect(message.object._id).toBe(X_TWITTER_BIO_TOOL_ID)
    expect(message.object.groups.flat().length).toBeGreaterThan(0)
  })
})
