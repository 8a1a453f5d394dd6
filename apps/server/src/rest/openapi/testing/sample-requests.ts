import type { InjectOptions } from 'fastify'

import { builderDraft } from '@promptly/api/tool-builder/testing/builder-fixtures'
import { silentMp3 } from '@promptly/core/media/testing/mp3-fixtures'

import { multipartBody } from '../../../testing/multipart.ts'

/** The X (Twitter) Bio Generator of the seeded catalogue, and values for its form (as in README). */
export const BIO_TOOL_ID = '218151ba-48d6-8f2d-9029-77dd78f93fcb'
export const BIO_GROUPS = [
  ['Product designer at a fintech startup', 'UX tips and design systems'],
  ['Witty', true],
  [''],
]

export type SampleBody = Pick<InjectOptions, 'payload' | 'headers'>

/**
 * Valid inputs for each documented call with a body, by method and path without its /api/vN prefix.
 * `userId`: the account an admin's credit grant goes to.
 */
export function sampleBodies(userId: () => string): Record<string, () => SampleBody> {
  return {
    'POST /keys': () => ({ payload: { name: 'Walked', scopes: ['read'] } }),
    'POST /payment/create-checkout-session': () => ({ payload: { product: 'MONTHLY' } }),
    'POST /admin/addCreditManual': () => ({ payload: { userId: userId(), credit: 1, days: 1 } }),
    'POST /objects/getResponseOfObject/{id}': () => ({ payload: { groups: BIO_GROUPS } }),
    // A new name and accoName per call: addObjectOnce is called under both prefixes, and accoName is unique.
    'POST /objects/addObjectOnce': () => ({ payload: builderDraft() }),
    'PUT /objects/updateObject/{id}': () => ({ payload: builderDraft() }),
    'POST /response/paraphrase': () => ({ payload: { prompt: 'Hello there' } }),
    'POST /response/image': () => ({ payload: { prompt: 'A fox', n: 1, quality: 'standard' } }),
    'POST /response/speech': () => ({ payload: { input: 'Hello there', voice: 'alloy' } }),
    'POST /bulk': () => ({ payload: { toolId: BIO_TOOL_ID, rows: [BIO_GROUPS] } }),
    'POST /response/transcription': () =>
      multipartBody([{ name: 'file', value: silentMp3(2), fileName: 'note.mp3', contentType: 'audio/mpeg' }]),
  }
}
