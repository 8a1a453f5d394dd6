import { describe, expect, it } from 'vitest'

import { paymentStatusInput } from './status.schema.ts'

describe('paymentStatusInput', () => {
  it("takes Stripe's and the local checkout's session ids", () => {
    for (const sessionId of ['cs_test_a1B2c3D4e5', 'cs_live_ZZ9', 'cs_local_Qm9vLWJhci1iYXpf-_'])
      expect(paymentStatusInput.safeParse({ sessionId }).success).toBe(true)
  })

  it('refuses text no session id has, unpaired surrogates included, before it reaches the database', () => {
    for (const sessionId of [
      '\uddc0\udc1e',
      '\ufffd\ufffd\udd59\uda08',
      'cs_test_a b',
      "cs_'; --",
      '',
      'x'.repeat(301),
    ])
      expect(paymentStatusInput.safeParse({ sessionId }).success).toBe(false)
  })
})
