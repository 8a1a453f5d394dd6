import type { CacheBus } from '@promptly/api/caching/cache-bus'

/**
 * How long an ended Clerk session's tokens are refused. Clerk's session tokens live 60 s, so every
 * token of the session expires well within this; a token still valid by its signature after it would
 * verify again.
 */
export const CLERK_ENDED_SESSION_MEMORY_MS = 60 * 60_000
/** Sessions remembered at once; past it the oldest ending is forgotten first (its tokens expired long ago). */
export const CLERK_ENDED_SESSIONS_MAX = 100_000

/**
 * The Clerk sessions that ended (signed out, revoked, removed: Clerk's webhook), whose tokens are
 * refused though their signature and expiry are still good. Told on every instance through the cache
 * bus (`clerkSession:<session id>`). A record of facts rather than a cache: a reconnected bus, which
 * clears the caches, leaves it as it is.
 *
 * What it cannot know: a session that ended while this instance was not listening (not started yet,
 * its bus reconnecting). Its tokens are refused only when they expire, within a minute.
 */
export class EndedClerkSessions {
  /** Session id to the time its tokens stop being refused; in order of ending. */
  readonly #until = new Map<string, number>()
  readonly #now: () => number

  /** Subscribed to `bus` for as long as the bus lives. */
  constructor(bus: CacheBus, { now }: { now?: () => Date } = {}) {
    this.#now = now ? () => now().getTime() : Date.now
    bus.subscribe('clerkSession', { forget: (sessionId) => this.end(sessionId), forgetAll: () => {} })
  }

  /** Called for the bus: `publish('clerkSession', sessionId)` tells every instance. */
  end(sessionId: string): void {
    this.#forgetLapsed()
    this.#until.delete(sessionId)
    this.#until.set(sessionId, this.#now() + CLERK_ENDED_SESSION_MEMORY_MS)
    if (this.#until.size > CLERK_ENDED_SESSIONS_MAX) {
      const oldest = this.#until.keys().next().value
      if (oldest !== undefined) this.#until.delete(oldest)
    }
  }

  has(sessionId: string): boolean {
    const until = this.#until.get(sessionId)
    return until !== undefined && until > this.#now()
  }

  get size(): number {
    return this.#until.size
  }

  /** Endings are kept in order, each for the same time: the lapsed ones are at the front. */
  #forgetLapsed(): void {
    const now = this.#now()
    for (const [sessionId, until] of this.#until) {
      if (until > now) return
      this.#until.delete(sessionId)
    }
  }
}
