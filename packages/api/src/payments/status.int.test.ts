import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'

import type { SignedInUser } from '../context.ts'
import { useLedgerTestDatabase } from '../credits/testing/ledger-test-database.ts'
import { callerFor } from '../testing/test-caller.ts'

const ledger = useLedgerTestDatabase()

async function account(name: string, balance = 30): Promise<SignedInUser> {
  const id = await ledger.user(name, balance)
  return { ...(await ledger.db.prisma.user.findUniqueOrThrow({ where: { id } })), isAdmin: false }
}

/** A purchase whose checkout was opened: its id and session id. */
async function openedPurchase(user: SignedInUser) {
  const db = ledger.db.prisma
  const offer = await db.planOffer.upsert({
    where: { key: 'MONTHLY' },
    create: { key: 'MONTHLY', name: 'Monthly', priceCents: 1900, credits: 1000, validityDays: 30 },
    update: {},
  })
  return db.purchase.create({
    data: {
      userId: user.id,
      planOfferId: offer.id,
      planKey: 'MONTHLY',
      name: 'Monthly',
      priceCents: 1900,
      credits: 1000,
      provider: 'local',
      checkoutSessionId: `cs_test_${randomUUID().replaceAll('-', '')}`,
    },
  })
}

const statusAs = (user: SignedInUser | null) => callerFor(ledger.db.prisma, user).payments.status

describe('payments.status', () => {
  it("finds the caller's purchase by checkout session id or purchase id, with the credits left", async () => {
    const ada = await account('ada', 12)
    const bought = await openedPurchase(ada)
    const bySession = await statusAs(ada)({ sessionId: bought.checkoutSessionId! })
    expect(bySession).toMatchObject({
      purchase: { id: bought.id, status: 'pending', priceCents: 1900 },
      creditsLeft: 12,
    })
    expect(await statusAs(ada)({ purchaseId: bought.id })).toEqual(bySession)
  })

  it("answers NOT_FOUND for another user's purchase, by either id, exactly as for an unknown one", async () => {
    const ada = await account('ada-owner')
    const bob = await account('bob')
    const bought = await openedPurchase(ada)
    for (const input of [
      { sessionId: bought.checkoutSessionId! },
      { purchaseId: bought.id },
      { purchaseId: randomUUID() },
    ])
      await expect(statusAs(bob)(input)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'No such purchase' })
  })

  it('refuses a malformed session id with BAD_REQUEST and a signed-out caller with UNAUTHORIZED', async () => {
    const ada = await account('ada-refused')
    const bought = await openedPurchase(ada)
    await expect(statusAs(ada)({ sessionId: "cs_' OR 1=1" })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(statusAs(null)({ purchaseId: bought.id })).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})
