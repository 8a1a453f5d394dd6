/**
 * Which credits a lapsed grant still holds (issue 4: a grant's unspent part expires at its
 * `expiresAt`). Credits carry no identity, so the rule that decides "unspent" is ours: a charge is
 * paid from the grants alive at that moment, soonest expiry first (grants that never expire last,
 * then oldest first), which is the order that lets a user lose the least. A refund gives a charge's
 * credits back to the grants that paid it. Pure: it replays one user's ledger, oldest entry first.
 */

export type LedgerReason = 'trial' | 'generation' | 'refund' | 'referral' | 'purchase' | 'admin_topup' | 'expiry' | 'usage'

export interface LedgerEntryFacts {
  id: string
  amount: number
  reason: LedgerReason
  /** A charge and its refund share the reference (the generation id); an expiry names its grant's id. */
  reference: string
  createdAt: Date
  expiresAt: Date | null
}

/** Ledger reasons that add credits of their own (a refund only gives back what a charge took). */
const GRANT_REASONS: ReadonlySet<LedgerReason> = new Set(['trial', 'referral', 'purchase', 'admin_topup'])

interface Lot {
  grantId: string
  remaining: number
  expiresAt: Date | null
  order: number
}

/**
 * For every grant whose `expiresAt` is at or before `now` and that has no 'expiry' entry yet: the
 * credits it still holds (0 when all were spent). `entries` is all of one user's ledger in the order
 * it was written.
 */
export function lapsedGrantBalances(entries: readonly LedgerEntryFacts[], now: Date): Map<string, number> {
  const lots = new Map<string, Lot>()
  const expired = new Set<string>()
  const paidBy = new Map<string, { lot: Lot; amount: number }[]>()

  for (const entry of entries) {
    if (entry.amount > 0 && GRANT_REASONS.has(entry.reason)) {
      lots.set(entry.id, { grantId: entry.id, remaining: entry.amount, expiresAt: entry.expiresAt, order: lots.size })
    } else if (entry.reason === 'expiry') {
      const lot = lots.get(entry.reference)
      if (lot) lot.remaining = 0
      expired.add(entry.reference)
    } else if (entry.amount < 0) {
      paidBy.set(entry.reference, spend(liveLots(lots, expired, entry.createdAt), -entry.amount))
    } else if (entry.reason === 'refund') {
      for (const { lot, amount } of paidBy.get(entry.reference) ?? []) lot.remaining += amount
    }
  }

  const lapsed = new Map<string, number>()
  for (const lot of lots.values()) {
    if (lot.expiresAt !== null && lot.expiresAt <= now && !expired.has(lot.grantId)) lapsed.set(lot.grantId, lot.remaining)
  }
  return lapsed
}

/** Grants that could pay at `at`, in the order they pay: soonest expiry first, never-expiring last. */
function liveLots(lots: Map<string, Lot>, expired: ReadonlySet<string>, at: Date): Lot[] {
  return [...lots.values()]
    .filter((lot) => lot.remaining > 0 && !expired.has(lot.grantId) && (lot.expiresAt === null || lot.expiresAt > at))
    .sort((a, b) => expiryRank(a) - expiryRank(b) || a.order - b.order)
}

function expiryRank(lot: Lot): number {
  return lot.expiresAt === null ? Number.POSITIVE_INFINITY : lot.expiresAt.getTime()
}

function spend(payers: Lot[], amount: number): { lot: Lot; amount: number }[] {
  const paid: { lot: Lot; amount: number }[] = []
  let owed = amount
  for (const lot of payers) {
    if (owed === 0) break
    const taken = Math.min(lot.remaining, owed)
    lot.remaining -= taken
    owed -= taken
    paid.push({ lot, amount: taken })
  }
  return paid
}
