import type { FastifyRequest } from 'fastify'

import type { Telemetry } from '@promptly/api/telemetry/telemetry'
import { ensureUser } from '@promptly/api/users/ensure-user'
import { markEmailVerified } from '@promptly/api/users/verify-email'
import type { IdentityUser } from '@promptly/core/identity/user'
import type { Database } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'

import { avatarUrl } from '../avatar.ts'
import type { IdentityCache } from '../identity-cache.ts'
import { profileFromClaims, type ClerkProfile, type ClerkProfileFetcher } from './clerk-profile.ts'
import type { ClerkAuth } from './clerk-request-auth.ts'
import { LookupCooldown } from './lookup-cooldown.ts'

/** How often an unverified account's status is asked of the Backend API when tokens do not carry it. */
export const VERIFICATION_LOOKUP_PERIOD_MS = 10 * 60_000

export interface ClerkAccountsDeps {
  db: Database
  /**
   * Stored accounts by Clerk user id: this spares the account's lookup on every request once its token
   * verified (identity-cache.ts says how long and what clears it).
   */
  accounts: IdentityCache
  fetchProfile: ClerkProfileFetcher
  /** REFERRAL_DAILY_CAP: a verification pays the user's pending referral within it. */
  referralDailyCap: number
  /** Where the trial and referral credits a verification grants are reported (the instance's metrics). */
  telemetry?: Pick<Telemetry, 'creditsMoved'>
}

/**
 * The stored account of each Clerk user: found by Clerk's user id, created with the trial on first
 * sign-in, and kept in step with what Clerk says of the profile and its address's verification.
 */
export class ClerkAccounts {
  readonly #deps: ClerkAccountsDeps
  readonly #firstSignIns = new Map<string, Promise<User | null>>()
  readonly #verificationLookups = new LookupCooldown(VERIFICATION_LOOKUP_PERIOD_MS)

  constructor(deps: ClerkAccountsDeps) {
    this.#deps = deps
  }

  /**
   * The account of the Clerk user whose session token the request carries (`auth`, verified), or null
   * when there is no profile to create it from. `req` is for the log.
   */
  async identify(req: FastifyRequest, auth: ClerkAuth): Promise<User | null> {
    const clerkId = auth.userId
    const stored = await this.#storedAccount(clerkId)
    const user = await this.#accountFor(req, auth, stored)
    // Changed (created, profile refreshed, verified): the next request reads it afresh.
    if (user !== stored) this.#deps.accounts.forget(clerkId)
    return user
  }

  async #storedAccount(clerkId: string): Promise<User | null> {
    const { db, accounts } = this.#deps
    const found = await accounts.get(clerkId, async () => {
      const user = await db.prisma.user.findUnique({ where: { clerkId } })
      return user && { user }
    })
    return found?.user ?? null
  }

  /** The stored account brought up to date with what the token's claims (or the Backend API) say. */
  async #accountFor(req: FastifyRequest, auth: ClerkAuth, stored: User | null): Promise<User | null> {
    const clerkId = auth.userId
    const claimed = profileFromClaims(auth.claims)
    if (!claimed) {
      // A concurrent request is making this user's account: its answer, verification included, is this
      // one's too. Read between its insert and its verification, the stored account is not yet verified.
      const creating = this.#firstSignIns.get(clerkId)
      if (creating) return (await creating) ?? stored
      return stored ? this.#verifiedPerBackendApi(req, stored) : this.#createFromBackendApi(req, clerkId)
    }
    const profile = withDefaults(clerkId, { ...stored, ...claimed })
    // A new primary address makes the stored account unverified again (ensureUser's refresh).
    const user = stored && sameProfile(stored, profile) ? stored : await ensureUser(this.#deps.db.prisma, profile)
    if (claimed.emailVerified === undefined) return this.#verifiedPerBackendApi(req, user)
    return this.#verifiedIf(claimed.emailVerified, user)
  }

  /**
   * A user whose token carries no profile and who is not stored yet: one Backend API call, shared by concurrent
   * requests.
   */
  #createFromBackendApi(req: FastifyRequest, clerkId: string): Promise<User | null> {
    let pending = this.#firstSignIns.get(clerkId)
    if (!pending) {
      this.#verificationLookups.note(clerkId)
      pending = this.#deps
        .fetchProfile(clerkId)
        .then(async (profile) => {
          if (!profile) return null
          const user = await ensureUser(this.#deps.db.prisma, withDefaults(clerkId, profile))
          return this.#verifiedIf(profile.emailVerified, user)
        })
        .catch((error: unknown) => {
          // Treated as signed out for this request; the next one tries again.
          req.log.warn({ clerkUserId: clerkId, reason: errorMessage(error) }, 'Clerk profile lookup failed')
          return null
        })
        .finally(() => this.#firstSignIns.delete(clerkId))
      this.#firstSignIns.set(clerkId, pending)
    }
    return pending
  }

  /**
   * The account marked verified (and its trial started, once) when Clerk says its address is. Never
   * the other way: an address stops counting as verified only when it changes (ensureUser).
   */
  async #verifiedIf(clerkSaysVerified: boolean, user: User): Promise<User> {
    if (!clerkSaysVerified || user.emailVerifiedAt) return user
    return this.#deps.db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id}::uuid FOR UPDATE`
      const current = await tx.user.findUniqueOrThrow({ where: { id: user.id } })
      // Clerk's answer is about the address this request saw; a concurrent request with another
      // token may have stored a different one since, which this answer does not prove.
      if (!sameAddress(current.email, user.email)) return current
      const { referralDailyCap, telemetry } = this.#deps
      return markEmailVerified(tx, user.id, { referralDailyCap, telemetry })
    })
  }

  /**
   * For tokens without the `email_verified` claim: asks the Backend API whether the stored address is
   * verified, at most once per period per unverified user. A failed lookup leaves the user as they
   * are (signed in, unverified) and is tried again after the period.
   */
  async #verifiedPerBackendApi(req: FastifyRequest, user: User): Promise<User> {
    if (user.emailVerifiedAt || !this.#verificationLookups.claim(user.clerkId)) return user
    let profile: ClerkProfile | null
    try {
      profile = await this.#deps.fetchProfile(user.clerkId)
    } catch (error) {
      req.log.warn({ clerkUserId: user.clerkId, reason: errorMessage(error) }, 'Clerk verification lookup failed')
      return user
    }
    // The answer is about the primary address now, which is the stored one only if it has not changed since.
    return this.#verifiedIf(profile !== null && profile.emailVerified && sameAddress(profile.email, user.email), user)
  }
}

function sameAddress(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

function withDefaults(clerkId: string, profile: Partial<Omit<IdentityUser, 'clerkId'>>): IdentityUser {
  return {
    clerkId,
    name: profile.name ?? '',
    email: profile.email ?? '',
    imageUrl: profile.imageUrl || avatarUrl(clerkId),
  }
}

function sameProfile(stored: User, profile: IdentityUser): boolean {
  return stored.name === profile.name && stored.email === profile.email && stored.imageUrl === profile.imageUrl
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
