import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { PurchaseView } from '@promptly/api/payments/history.schema'
import { MESSAGES } from '@promptly/core/messages'

import { fakeApi, FakeTrpcError } from '../../../test/fake-api.ts'
import { renderApp } from '../../../test/render-app.tsx'
import { ADA } from '../../../test/render.tsx'

const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }
const PROFILE = {
  'system.config': LOCAL_CONFIG,
  'auth.me': ADA,
  'credits.limits': { plan: 'monthly', current_limit: 1100, max_limit: 1130 },
  'plans.list': { offers: [], showTop: true, current: null },
  'bookmarks.list': [],
  'apiKeys.list': [],
}

function purchase(overrides: Partial<PurchaseView>): PurchaseView {
  return {
    id: crypto.randomUUID(),
    plan: 'MONTHLY',
    name: 'Monthly',
    createdAt: new Date('2026-11-01T10:00:00Z'),
    validTill: new Date('2026-12-01T10:00:00Z'),
    priceCents: 1499,
    currency: 'usd',
    credits: 1000,
    status: 'paid',
    paidAt: new Date('2026-11-01T10:00:00Z'),
    refundedCredits: 0,
    ...overrides,
  }
}

async function openHistory() {
  const user = userEvent.setup()
  await user.click(await screen.findByRole('button', { name: 'Transaction History' }))
  return { user, dialog: await screen.findByRole('dialog', { name: 'Transaction History' }) }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Transaction History dialog', () => {
  it("lists the spec's columns, newest first, and sorts by Created At", async () => {
    const history = [
      purchase({ name: 'Credit Top-up', plan: 'TOPUP', createdAt: new Date('2026-11-20T10:00:00Z'), credits: 100 }),
      purchase({}),
      purchase({ name: 'Yearly', plan: 'YEARLY', createdAt: new Date('2026-11-21T10:00:00Z'), status: 'pending' }),
    ]
    fakeApi({ ...PROFILE, 'payments.history': history })
    renderApp('/profile')
    const { user, dialog } = await openHistory()
    const table = await within(dialog).findByRole('table', { name: 'Your transactions' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent)
    expect(headers).toEqual(['Name', 'Created At', 'Valid Till', 'Price', 'Credit'])
    const names = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent)
    expect(names()).toEqual(['YearlyAwaiting payment', 'Credit Top-up', 'Monthly'])
    expect(within(table).getAllByRole('row')[3]).toHaveTextContent('$14.99')

    await user.click(within(table).getByRole('button', { name: /Created At/ }))
    expect(names()).toEqual(['Monthly', 'Credit Top-up', 'YearlyAwaiting payment'])
    expect(within(table).getByRole('columnheader', { name: /Created At/ })).toHaveAttribute('aria-sort', 'ascending')
  })

  it('says there is nothing yet for a user who bought nothing', async () => {
    fakeApi({ ...PROFILE, 'payments.history': [] })
    renderApp('/profile')
    const { dialog } = await openHistory()
    expect(await within(dialog).findByText(/No transactions yet/)).toBeVisible()
  })

  it("shows the spec's message when the history cannot be read", async () => {
    fakeApi({
      ...PROFILE,
      'payments.history': () => {
        throw new FakeTrpcError('INTERNAL_SERVER_ERROR', 500, 'Something went wrong')
      },
    })
    renderApp('/profile')
    const { dialog } = await openHistory()
    expect(await within(dialog).findByText(MESSAGES.planError, {}, { timeout: 10_000 })).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeEnabled()
  })
})
