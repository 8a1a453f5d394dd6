/**
 * At most one Backend API lookup per user per period, on this instance: a token without the
 * `email_verified` claim would otherwise cost a call to Clerk on every request of an unverified user.
 * Forgetting is harmless (one more lookup), so the memory is capped by starting over when it is full.
 */
export class LookupCooldown {
  private readonly startedAt = new Map<string, number>()

  constructor(
    private readonly periodMs: number,
    private readonly maxUsers = 10_000,
  ) {}

  /** True, and the lookup counted as started now, unless one for this user started within the period. */
  claim(clerkId: string, now = Date.now()): boolean {
    const previous = this.startedAt.get(clerkId)
    if (previous !== undefined && now - previous < this.periodMs) return false
    this.note(clerkId, now)
    return true
  }

  /** Counts a lookup made anyway (a first sign-in's, which cannot wait). */
  note(clerkId: string, now = Date.now()): void {
    if (this.startedAt.size >= this.maxUsers && !this.startedAt.has(clerkId)) this.startedAt.clear()
    this.startedAt.set(clerkId, now)
  }
}
