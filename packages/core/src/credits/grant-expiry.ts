/**
 * Which credits a lapsed grant still holds (a grant's unspent part expires at its
 * `expiresAt`). Credits carry no identity, so the rule that decides "unspent" is ours: a charge is
 * paid from the grants alive at that moment, soonest expiry first (grants that never expire last,
 * then oldest first), which is the order that lets a user lose the least. A refund gives a charge's
 * credits back to the grants that paid it, and what it gives back to a grant that has expired
 * meanwhile lapses again (`refundLapses`). Pure: it replays one user's ledger, oldest entry first.
 *
 * Every spend writes the expiry of the grants due at its moment first (packages/api's
 * expire-due-grants.ts), so a charge finds no lapsed grant still holding credits. Ledgers written
 * before that rule (or a spend whose entry is stamped a moment after the clock it expired by) can
 * hold a charge made while a grant had lapsed but was not expired yet: the balance still counted
 * those credits, so what the running grants do not cover was paid from them, and a refund of it
 * lapses again instead of coming back as live credits.
 */

export type LedgerReason =
  | 'trial'
  | 'generation'
  | 'refund'
  | 'referral'
  | 'purchase'
  | 'admin_topup'
  | 'expiry'
  | 'usage'
  | 'purchase_refund'
  | 'admin_revoke'

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
  const { lots, expired } = replay(entries)
  const lapsed = new Map<string, number>()
  for (const lot of lots.values()) {
    if (lot.expiresAt !== null && lot.expiresAt <= now && !expired.has(lot.grantId))
      lapsed.set(lot.grantId, lot.remaining)
  }
  return lapsed
}

/** What a refund gives back to one grant that has already expired, and so lapses at once. */
export interface RefundLapse {
  grantId: string
  amount: number
  /** The reference of the 'expiry' entry that records it (one per grant and refunded charge). */
  reference: string
}

/**
 * A refund gives a charge's credits back to the grants that paid it. Those that have meanwhile
 * expired (their 'expiry' entry is written) would otherwise come back for good, so their part lapses
 * again as it would have: this says how much, per grant. A grant that has lapsed but has no expiry
 * entry yet needs nothing here, since the sweeper's expiry will count the credits given back.
 * `entries` is the user's ledger before the refund, in the order written; `chargeReference` is the
 * refunded charge's reference (the generation id).
 */
export function refundLapses(entries: readonly LedgerEntryFacts[], chargeReference: string): RefundLapse[] {
  const { expired, paidBy } = replay(entries)
  return (paidBy.get(chargeReference) ?? [])
    .filter(({ lot, amount }) => amount > 0 && expired.has(lot.grantId))
    .map(({ lot, amount }) => ({
      grantId: lot.grantId,
      amount,
      reference: refundLapseReference(lot.grantId, chargeReference),
    }))
}

/** An expiry entry's reference names its grant; a refund's lapse adds the charge, to stay unique. */
function refundLapseReference(grantId: string, chargeReference: string): string {
  return `${grantId}${LAPSE_SEPARATOR}${chargeReference}`
}

const LAPSE_SEPARATOR = '/refund/'

function grantOfExpiry(reference: string): string {
  const at = reference.indexOf(LAPSE_SEPARATOR)
  return at === -1 ? reference : reference.slice(0, at)
}

interface Replayed {
  lots: Map<string, Lot>
  /** Grants that have their 'expiry' entry. */
  expired: Set<string>
  /** For each charge's reference, the grants that paid it and how much each. */
  paidBy: Map<string, { lot: Lot; amount: number }[]>
}

/** Replays one user's ledger in the order written, tracking what each grant still holds. */
function replay(entries: readonly LedgerEntryFacts[]): Replayed {
  const lots = new Map<string, Lot>()
  const expired = new Set<string>()
  const paidBy = new Map<string, { lot: Lot; amount: number }[]>()

  for (const entry of entries) {
    if (entry.amount > 0 && GRANT_REASONS.has(entry.reason)) {
      lots.set(entry.id, { grantId: entry.id, remaining: entry.amount, expiresAt: entry.expiresAt, order: lots.size })
    } else if (entry.reason === 'expiry') {
      // The grant's own expiry, or a refund's lapse into it: either way it holds nothing after.
      const grantId = grantOfExpiry(entry.reference)
      const lot = lots.get(grantId)
      if (lot) lot.remaining = 0
      expired.add(grantId)
    } else if (entry.amount < 0) {
      const payers = [...liveLots(lots, expired, entry.createdAt), ...lapsedLots(lots, expired, entry.createdAt)]
      paidBy.set(entry.reference, spend(payers, -entry.amount))
    } else if (entry.reason === 'refund') {
      for (const { lot, amount } of paidBy.get(entry.reference) ?? []) lot.remaining += amount
    }
  }
  return { lots, expired, paidBy }
}

/** Grants that could pay at `at`, in the order they pay: soonest expiry first, never-expiring last. */
function liveLots(lots: Map<string, Lot>, expired: ReadonlySet<string>, at: Date): Lot[] {
  return [...lots.values()]
    .filter((lot) => lot.remaining > 0 && !expired.has(lot.grantId) && (lot.expiresAt === null || lot.expiresAt > at))
    .sort((a, b) => expiryRank(a) - expiryRank(b) || a.order - b.order)
}

/**
 * Grants lapsed by `at` whose expiry entry was not written then: they pay only what the live ones
 * cannot (see the module's note), soonest expiry first.
 */
function lapsedLots(lots: Map<string, Lot>, expired: ReadonlySet<string>, at: Date): Lot[] {
  return [...lots.values()]
    .filter((lot) => lot.remaining > 0 && !expired.has(lot.grantId) && lot.expiresAt !== null && lot.expiresAt <= at)
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
