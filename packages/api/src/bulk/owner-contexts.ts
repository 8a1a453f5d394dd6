import type { AuthedContext } from '../context.ts'

/** How long an owner's context serves their rows before their account is read again. */
export const OWNER_CONTEXT_MAX_AGE_MS = 1_000

/**
 * Shares one owner's context between the rows that start within `maxAgeMs` of its reading, so a job's
 * rows do not each read their owner's account (at full speed that is a query per row for an answer that
 * rarely changes). A change to the account (deleted, made admin) reaches the rows after at most
 * `maxAgeMs`; the ledger does not depend on it, since every reservation checks the balance itself.
 */
export function recentOwnerContexts(
  contextFor: (userId: string) => Promise<AuthedContext | null>,
  maxAgeMs = OWNER_CONTEXT_MAX_AGE_MS,
  now: () => number = performance.now.bind(performance),
): (userId: string) => Promise<AuthedContext | null> {
  const recent = new Map<string, { readAt: number; context: Promise<AuthedContext | null> }>()
  return (userId) => {
    const at = now()
    const kept = recent.get(userId)
    if (kept && at - kept.readAt < maxAgeMs) return kept.context
    // Expired entries of owners with no more rows would otherwise stay for the process's life.
    for (const [owner, entry] of recent) if (at - entry.readAt >= maxAgeMs) recent.delete(owner)
    const context = contextFor(userId)
    recent.set(userId, { readAt: at, context })
    // A failed read is not kept: the next row reads again.
    context.catch(() => {
      if (recent.get(userId)?.context === context) recent.delete(userId)
    })
    return context
  }
}
