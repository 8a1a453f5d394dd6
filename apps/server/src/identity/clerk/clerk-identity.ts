import { clerkPlugin, createClerkClient, getAuth, type ClerkFastifyOptions } from '@clerk/fastify'
import type { FastifyRequest } from 'fastify'

import { ensureUser } from '@promptly/api/users/ensure-user'
import { markEmailVerified } from '@promptly/api/users/verify-email'
import type { IdentityUser } from '@promptly/core/identity/user'
import type { Database } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'

import type { AppConfig } from '../../config/app-config.ts'
import { registerAuthRoutes } from '../auth-routes.ts'
import { avatarUrl } from '../avatar.ts'
import { IdentityCache, type VerifiedCaller } from '../identity-cache.ts'
import type { IdentityProvider } from '../identity-provider.ts'
import {
  backendApiProfileFetcher,
  profileFromClaims,
  type ClerkProfile,
  type ClerkProfileFetcher,
} from './clerk-profile.ts'
import { LookupCooldown } from './lookup-cooldown.ts'

/**
 * Clerk's SDK telemetry (on by default for development instances) posts usage events to Clerk's
 * servers. Off: the server talks to Clerk only to verify users, and tests never touch the network.
 */
const NO_TELEMETRY = { disabled: true }

/** How often an unverified account's status is asked of the Backend API when tokens do not carry it. */
export const VERIFICATION_LOOKUP_PERIOD_MS = 10 * 60_000

export type ClerkSettings = Extract<AppConfig['identity'], { kind: 'clerk' }>

export interface ClerkIdentityOptions {
  /**
   * Clerk's JWT verification key (PEM). With it, session tokens verify with no call to Clerk's
   * JWKS endpoint: tests pass the public half of a key they sign with; production may pass the
   * dashboard's key (or set CLERK_JWT_KEY, which @clerk/fastify reads itself) to skip the fetch.
   */
  jwtKey?: string
  /** Replaces the Backend API lookup (tests: no network). */
  fetchProfile?: ClerkProfileFetcher
}

/**
 * Clerk-hosted sign-in. @clerk/fastify's plugin verifies the session token (the `__session` cookie
 * or `Authorization: Bearer <session JWT>`) before each handler; `identify` maps Clerk's user id
 * to the stored account, creating it with the trial on first sign-in.
 */
export function createClerkIdentity(
  config: AppConfig,
  clerk: ClerkSettings,
  db: Database,
  options: ClerkIdentityOptions = {},
): IdentityProvider {
  const fetchProfile =
    options.fetchProfile ??
    backendApiProfileFetcher(
      createClerkClient({ secretKey: clerk.secretKey, publishableKey: clerk.publishableKey, telemetry: NO_TELEMETRY }),
    )
  const firstSignIns = new Map<string, Promise<User | null>>()
  const verificationLookups = new LookupCooldown(VERIFICATION_LOOKUP_PERIOD_MS)
  // Stored accounts by Clerk user id: Clerk's plugin verifies the token with no I/O, and this spares
  // the account's lookup on every request (identity-cache.ts says how long and what clears it).
  const accounts = new IdentityCache<VerifiedCaller>(db.prisma)

  async function storedAccount(clerkId: string): Promise<User | null> {
    const found = await accounts.get(clerkId, async () => {
      const user = await db.prisma.user.findUnique({ where: { clerkId } })
      return user && { user }
    })
    return found?.user ?? null
  }

  /**
   * A user whose token carries no profile and who is not stored yet: one Backend API call, shared by concurrent
   * requests.
   */
  function createFromBackendApi(req: FastifyRequest, clerkId: string): Promise<User | null> {
    let pending = firstSignIns.get(clerkId)
    if (!pending) {
      verificationLookups.note(clerkId)
      pending = fetchProfile(clerkId)
        .then(async (profile) => {
          if (!profile) return null
          return verifiedIf(profile.emailVerified, await ensureUser(db.prisma, withDefaults(clerkId, profile)))
        })
        .catch((error: unknown) => {
          // Treated as signed out for this request; the next one tries again.
          req.log.warn({ clerkUserId: clerkId, reason: errorMessage(error) }, 'Clerk profile lookup failed')
          return null
        })
        .finally(() => firstSignIns.delete(clerkId))
      firstSignIns.set(clerkId, pending)
    }
    return pending
  }

  /**
   * The account marked verified (and its trial started, once) when Clerk says its address is. Never
   * the other way: an address stops counting as verified only when it changes (ensureUser).
   */
  async function verifiedIf(clerkSaysVerified: boolean, user: User): Promise<User> {
    if (!clerkSaysVerified || user.emailVerifiedAt) return user
    return db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id}::uuid FOR UPDATE`
      const current = await tx.user.findUniqueOrThrow({ where: { id: user.id } })
      // Clerk's answer is about the address this request saw; a concurrent request with another
      // token may have stored a different one since, which this answer does not prove.
      if (!sameAddress(current.email, user.email)) return current
      return markEmailVerified(tx, user.id)
    })
  }

  /**
   * For tokens without the `email_verified` claim: asks the Backend API whether the stored address is
   * verified, at most once per period per unverified user. A failed lookup leaves the user as they
   * are (signed in, unverified) and is tried again after the period.
   */
  async function verifiedPerBackendApi(req: FastifyRequest, user: User): Promise<User> {
    if (user.emailVerifiedAt || !verificationLookups.claim(user.clerkId)) return user
    let profile: ClerkProfile | null
    try {
      profile = await fetchProfile(user.clerkId)
    } catch (error) {
      req.log.warn({ clerkUserId: user.clerkId, reason: errorMessage(error) }, 'Clerk verification lookup failed')
      return user
    }
    // The answer is about the primary address now, which is the stored one only if it has not changed since.
    return verifiedIf(profile !== null && profile.emailVerified && sameAddress(profile.email, user.email), user)
  }

  /** The stored account brought up to date with what the token's claims (or the Backend API) say. */
  async function accountFor(req: FastifyRequest, clerkId: string, stored: User | null): Promise<User | null> {
    const claimed = profileFromClaims(getAuth(req).sessionClaims)
    if (!claimed) return stored ? verifiedPerBackendApi(req, stored) : createFromBackendApi(req, clerkId)
    const profile = withDefaults(clerkId, { ...stored, ...claimed })
    // A new primary address makes the stored account unverified again (ensureUser's refresh).
    const user = stored && sameProfile(stored, profile) ? stored : await ensureUser(db.prisma, profile)
    if (claimed.emailVerified === undefined) return verifiedPerBackendApi(req, user)
    return verifiedIf(claimed.emailVerified, user)
  }

  const provider: IdentityProvider = {
    kind: 'clerk',
    async register(app) {
      app.addHook('onClose', async () => accounts.close())
      await app.register(clerkPlugin, clerkPluginOptions(config, clerk, options))
      registerAuthRoutes(app, { identity: provider, db: db.prisma, adminEmails: config.adminEmails })
    },
    async identify(req) {
      const clerkId = getAuth(req).userId
      if (!clerkId) return null
      const stored = await storedAccount(clerkId)
      const user = await accountFor(req, clerkId, stored)
      // Changed (created, profile refreshed, verified): the next request reads it afresh.
      if (user !== stored) accounts.forget(clerkId)
      return user
    },
    knownCaller(req) {
      // Clerk's plugin reads credentials after this hook would run: only their absence is known.
      return req.headers.authorization === undefined && req.headers.cookie === undefined ? null : undefined
    },
  }
  return provider
}

function clerkPluginOptions(
  config: AppConfig,
  clerk: ClerkSettings,
  options: ClerkIdentityOptions,
): ClerkFastifyOptions {
  // Clerk checks a token's `azp` (the page origin that obtained it) against this list, so a token
  // minted for another site is refused. Only with an explicit APP_URL: the localhost default would
  // refuse every token of a deployment that forgot to set it.
  const authorizedParties = config.env.APP_URL ? [config.appUrl, ...config.env.CORS_ORIGINS] : undefined
  return {
    secretKey: clerk.secretKey,
    publishableKey: clerk.publishableKey,
    telemetry: NO_TELEMETRY,
    ...(options.jwtKey && { jwtKey: options.jwtKey }),
    ...(authorizedParties && { authorizedParties }),
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
