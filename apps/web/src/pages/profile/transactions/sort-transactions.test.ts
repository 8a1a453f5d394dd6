import { describe, expect, it } from 'vitest'

import type { PurchaseView } from '@promptly/api/payments/history.schema'

import { sortTransactions } from './sort-transactions.ts'

function row(id: string, createdAt: string): PurchaseView {
  return {
    id,
    plan: 'MONTHLY',
    name: 'Monthly',
    createdAt: new Date(createdAt),
    validTill: null,
    priceCents: 1499,
    currency: 'usd',
    credits: 1000,
    status: 'paid',
    paidAt: null,
    refundedCredits: 0,
  }
}

describe('sortTransactions', () => {
  const rows = [row('b', '2026-02-01'), row('a', '2026-03-01'), row('c', '2026-01-01')]

  it('puts the newest first when descending and the oldest first when ascending', () => {
    expect(sortTransactions(rows, 'descending').map((r) => r.id)).toEqual(['a', 'b', 'c'])
    expect(sortTransactions(rows, 'ascending').map((r) => r.id)).toEqual(['c', 'b', 'a'])
  })

  it('leaves its input as it was and orders same-time rows stably by id', () => {
    const same = [row('y', '2026-01-01'), row('x', '2026-01-01')]
    expect(sortTransactions(same, 'descending').map((r) => r.id)).toEqual(['x', 'y'])
    expect(rows.map((r) => r.id)).toEqual(['b', 'a', 'c'])
  })
})
