import { describe, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'

const PARTNER = 'https://partner.example'
const t = useTestApp({ env: { CORS_ORIGINS: PARTNER } })

const allToolsInput = encodeURIComponent(JSON.stringify({ json: { category: 'All Tools' } }))
const allTools = `/trpc/tools.byCategory?input=${allToolsInput}`
const ask = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: allTools, headers })

describe('public response cache with cross-origin callers allowed', () => {
  it('answers an allowed cross-origin caller with the CORS headers every time, stored answer or not', async () => {
    await ask()
    expect((await ask()).headers['x-cache']).toBe('hit')
    // A stored answer is sent before the CORS hook runs: such a caller goes through the stack.
    for (let round = 0; round < 2; round++) {
      const res = await ask({ origin: PARTNER })
      expect(res.statusCode).toBe(200)
      expect(res.headers['access-control-allow-origin']).toBe(PARTNER)
      expect(res.headers['access-control-allow-credentials']).toBe('true')
      expect(res.json()).toEqual((await ask()).json())
    }
  })
})
