import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { PaymentStatusOutput } from '@promptly/api/payments/status.schema'

import { fakeApi, FakeTrpcError } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'
import { ADA } from '../../test/render.tsx'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }
const LIMITS = { plan: 'free', current_limit: 30, max_limit: 30 }

function statusOf(status: PaymentStatusOutput['purchase']['status'], creditsLeft: number): PaymentStatusOutput {
  return {
    purchase: {
      id: '5f0d7c5e-1b7e-4c43-9a55-3f1f0f0e2a11',
      plan: 'MONTHLY',
      name: 'Monthly',
      createdAt: new Date(),
      validTill: status === 'paid' ? new Date() : null,
      priceCents: 1499,
      currency: 'usd',
      credits: 1000,
      status,
      paidAt: status === 'paid' ? new Date() : null,
      refundedCredits: 0,
    },
    creditsLeft,
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('/success', () => {
  it('shows progress until the payment is confirmed, then the credits added and the balance', async () => {
    const asked: unknown[] = []
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'payments.status': (input: unknown) => {
        asked.push(input)
        return asked.length < 2 ? statusOf('pending', 30) : statusOf('paid', 1030)
      },
    })
    renderApp('/success?session_id=cs_local_abc')
    expect(await screen.findByRole('heading', { level: 1, name: 'Success' })).toBeVisible()
    await waitFor(() => expect(asked).toHaveLength(1))
    expect(screen.getByTestId('payment-confirming')).toHaveTextContent('Confirming your payment…')
    // Polled once a second: a ceiling for the second answer, not an expectation of its timing.
    const paid = await screen.findByTestId('payment-paid', {}, { timeout: 10_000 })
    expect(paid).toHaveTextContent('1,000 credits added')
    expect(paid).toHaveTextContent('You now have 1,030 credits')
    expect(asked[0]).toEqual({ sessionId: 'cs_local_abc' })
    expect(screen.queryByText('Confirming your payment…')).toBeNull()
  })

  it('says so when the payment failed, with the way back to the plans', async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'payments.status': statusOf('failed', 30),
    })
    renderApp('/success?session_id=cs_local_abc')
    expect(await screen.findByText('The payment did not go through')).toBeVisible()
    expect(screen.getByRole('link', { name: 'Back to plans' })).toHaveAttribute('href', '/plan')
  })

  it("does not show someone else's purchase", async () => {
    fakeApi({
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'credits.limits': LIMITS,
      'payments.status': () => {
        throw new FakeTrpcError('NOT_FOUND', 404, 'No such purchase')
      },
    })
    renderApp('/success?session_id=cs_someone_else')
    expect(await screen.findByText('This payment cannot be found', {}, { timeout: 10_000 })).toBeVisible()
  })
})
