export interface LoginThrottleOptions {
  /** Attempts allowed per key inside one window. */
  maxAttempts?: number
  windowMs?: number
  /** Keys remembered at most; bounds memory when someone sprays many addresses. */
  maxKeys?: number
  now?: () => number
}

/** Sign-in guesses one (address, client) pair may make per window. */
export const SIGN_IN_ATTEMPTS = 5
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000

/**
 * Failed sign-ins one client may make per window across every e-mail address: password spraying
 * (one likely password against many accounts) never trips the per-pair limit. 20 in 15 minutes is
 * generous for a household or an office behind one NAT address, whose people mistype a few times
 * each, and far below a spray, which needs hundreds of accounts to find one with that password.
 */
export const SIGN_IN_FAILURES_PER_CLIENT = 20

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number }

/**
 * Counts attempts per key in fixed windows that start with a key's first attempt. In memory
 * (LoginThrottle, one process) or shared by every instance (RedisAttemptThrottle).
 */
export interface AttemptThrottle {
  /** Records an attempt, or refuses it when the key has used up its window (the caller answers 429). */
  attempt(key: string): ThrottleDecision | Promise<ThrottleDecision>
  /** A correct password: the attempts so far no longer count against this key. */
  succeeded(key: string): void | Promise<void>
  /**
   * One attempt of this key turned out not to be a failure (a correct password): it no longer
   * counts, while the attempts before it still do.
   */
  forgiveAttempt(key: string): void | Promise<void>
}

interface Window {
  attempts: number
  startedAt: number
}

/**
 * Slows password guessing: 5 sign-in attempts per (e-mail, IP) in 15 minutes, then 429 until the
 * window ends. Keyed by both so an attacker cannot lock a victim out from elsewhere, and a
 * successful sign-in clears the key. The same counter keyed by client (clientKeyFor) limits failed
 * sign-ins across every address, which a spray of one password over many accounts would not trip.
 *
 * Attempts are counted when they start, not when they fail, so 50 parallel guesses cannot all
 * slip in before the first failure is recorded.
 *
 * This one is kept in memory: no extra service to run for one process. With several instances each
 * would count on its own, multiplying the limit: with REDIS_URL set they share RedisAttemptThrottle
 * (redis-attempt-throttle.ts), which falls back to this one while Redis cannot be reached. A restart
 * forgets the counts, which at worst grants one more window of 5 guesses.
 */
export class LoginThrottle implements AttemptThrottle {
  private readonly windows = new Map<string, Window>()
  private readonly maxAttempts: number
  private readonly windowMs: number
  private readonly maxKeys: number
  private readonly now: () => number

  constructor(options: LoginThrottleOptions = {}) {
    this.maxAttempts = options.maxAttempts ?? SIGN_IN_ATTEMPTS
    this.windowMs = options.windowMs ?? SIGN_IN_WINDOW_MS
    this.maxKeys = options.maxKeys ?? 50_000
    this.now = options.now ?? Date.now
  }

  static keyFor(email: string, ip: string): string {
    return `${email}\u0000${ip}`
  }

  /**
   * A client as the per-client limits count it: its IPv4 address, or the /64 its IPv6 address is
   * in. A /64 is what one subscriber line or one LAN gets, and a client may use any address in it:
   * counted per address, a sprayer with one line would have 2^64 fresh counters.
   */
  static clientKeyFor(ip: string): string {
    const address = ip.replace(/%.*$/, '')
    if (!address.includes(':')) return address
    const mappedV4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
    if (mappedV4) return mappedV4[1]!
    return `${ipv6Prefix64(address)}::/64`
  }

  /** Records an attempt, or refuses it when the key has used up its window (the caller answers 429). */
  attempt(key: string): ThrottleDecision {
    const now = this.now()
    const current = this.windows.get(key)
    if (current && now - current.startedAt < this.windowMs) {
      if (current.attempts >= this.maxAttempts) {
        return { allowed: false, retryAfterSeconds: Math.ceil((current.startedAt + this.windowMs - now) / 1000) }
      }
      current.attempts += 1
      return { allowed: true }
    }
    this.makeRoom(now)
    this.windows.delete(key)
    this.windows.set(key, { attempts: 1, startedAt: now })
    return { allowed: true }
  }

  /** A correct password: the attempts so far no longer count against this key. */
  succeeded(key: string): void {
    this.windows.delete(key)
  }

  forgiveAttempt(key: string): void {
    const current = this.windows.get(key)
    if (current && current.attempts > 0 && this.now() - current.startedAt < this.windowMs) current.attempts -= 1
  }

  get size(): number {
    return this.windows.size
  }

  /**
   * Drops ended windows when the map is full; if all are live, drops the oldest (the Map keeps
   * insertion order). Memory stays bounded at the cost of forgetting the stalest key under a flood.
   */
  private makeRoom(now: number): void {
    if (this.windows.size < this.maxKeys) return
    for (const [key, window] of this.windows) {
      if (now - window.startedAt >= this.windowMs) this.windows.delete(key)
    }
    while (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next()
      if (oldest.done) break
      this.windows.delete(oldest.value)
    }
  }
}

/** The first four groups of an IPv6 address (its /64), `::` expanded, in lower-case hex without leading zeros. */
function ipv6Prefix64(address: string): string {
  // A dotted IPv4 ending (`64:ff9b::192.0.2.1`) stands for the last two groups, never in the prefix.
  const groupsOf = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : []
  const [head, tail] = address.split('::')
  const written = groupsOf(head).length + groupsOf(tail).length
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - written)).fill('0')
  const groups = [...groupsOf(head), ...zeros, ...groupsOf(tail)]
  return groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')
}
