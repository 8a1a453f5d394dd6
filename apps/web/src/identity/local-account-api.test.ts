import { afterEach, describe, expect, it, vi } from 'vitest'

import { changePassword, endSession, signInLocal } from './local-account-api.ts'
import { signOutLocal } from './local-auth-api.ts'

/** Answers every call with `status` and a JSON body, keeping each response to check it was read. */
function answerWith(status = 200) {
  const responses: Response[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      const response = Response.json({ ok: true }, { status })
      responses.push(response)
      return response
    }),
  )
  return responses
}

afterEach(() => vi.unstubAllGlobals())

describe('local account calls whose answer the page does not need', () => {
  it('read the answer to its end before the page moves on, so the browser never cuts it off', async () => {
    const responses = answerWith()
    await signInLocal({ email: 'ada@example.com', password: 'correct horse battery' })
    await changePassword({ currentPassword: 'correct horse battery', newPassword: 'another long passphrase' })
    await endSession('session-1')
    await signOutLocal()
    expect(responses).toHaveLength(4)
    expect(responses.map((response) => response.bodyUsed)).toEqual([true, true, true, true])
  })
})
