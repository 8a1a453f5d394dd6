import { describe, expect, it } from 'vitest'

import { WebhookSignatureError } from '@promptly/api/payments/payment-provider'
import { MESSAGES } from '@promptly/core/messages'

import { resolveConfig } from '../config/app-config.ts'
import { parseEnv } from '../config/env.ts'
import { createLocalCheckout } from './local-checkout.ts'

const appUrl = 'http://localhost:3000'
const webhookSecret = 'whsec_local_test_secret'
const purchase = { id: '5f0d7c5e-1b7e-4c43-9a55-3f1f0f0e2a11', checkoutSessionId: 'cs_local_x', priceCents: 1499 }
const item = { name: 'Monthly', priceCents: 1499, currency: 'usd', credits: 1000 }

describe('the local checkout', () => {
  it('signs its completed event so that the webhook verification accepts it, and nothing else', async () => {
    const local = createLocalCheckout({ appUrl, webhookSecret, enabled: true })
    const { body, signature } = await local.completedEvent({ ...purchase, currency: 'usd' })
    const event = await local.parseWebhook(Buffer.from(body), signature)
    expect(event.type).toBe('checkout.session.completed')
    expect(event.data.object).toMatchObject({
      id: 'cs_local_x',
      client_reference_id: purchase.id,
      metadata: { purchaseId: purchase.id },
      payment_status: 'paid',
      amount_total: 1499,
    })
    const other = createLocalCheckout({ appUrl, webhookSecret: 'whsec_other', enabled: true })
    await expect(other.parseWebhook(Buffer.from(body), signature)).rejects.toThrow(WebhookSignatureError)
    await expect(local.parseWebhook(Buffer.from(body), undefined)).rejects.toThrow(WebhookSignatureError)
  })

  it('sends the buyer to its own page, and sells nothing when disabled (production)', async () => {
    const local = createLocalCheckout({ appUrl, webhookSecret, enabled: true })
    const session = await local.createCheckout({ purchaseId: purchase.id, item, customerEmail: 'a@example.test' })
    expect(session.url).toBe(`${appUrl}/checkout/${purchase.id}`)
    const off = createLocalCheckout({ appUrl, webhookSecret, enabled: false })
    const request = { purchaseId: purchase.id, item, customerEmail: 'a@example.test' }
    await expect(off.createCheckout(request)).rejects.toThrow(MESSAGES.paymentsNotSetUp)
  })

  it('derives a stable secret of its own from the session secret unless one is given', () => {
    const env = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/promptly-local-checkout' }
    const derived = resolveConfig(parseEnv(env)).payments
    expect(derived).toEqual(resolveConfig(parseEnv(env)).payments)
    expect(derived).toMatchObject({ kind: 'local', webhookSecret: expect.stringMatching(/^whsec_/) })
    expect(JSON.stringify(derived)).not.toContain('x'.repeat(32))
    const given = resolveConfig(parseEnv({ ...env, LOCAL_CHECKOUT_SECRET: 'y'.repeat(32) })).payments
    expect(given).toEqual({ kind: 'local', webhookSecret: 'y'.repeat(32) })
  })
})
