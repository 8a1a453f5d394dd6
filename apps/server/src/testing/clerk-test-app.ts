import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

import type { Viewer } from '@promptly/core/identity/user'

import type { ClerkIdentityOptions } from '../identity/clerk/clerk-identity.ts'
import { createClerkTestKeys, type ClerkTestKeys } from './clerk-test-tokens.ts'
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts'

export interface ClerkTestAppOptions extends Omit<TestAppOptions, 'clerk'> {
  /** The Clerk identity's test seams (a token verifier to count with, a clock, a profile fetcher). */
  clerk?: Omit<ClerkIdentityOptions, 'jwtKey'>
}

/** A server in Clerk mode whose tokens are signed by `keys` and verified offline with CLERK_JWT_KEY. */
export interface ClerkTestApp extends TestApp {
  keys: ClerkTestKeys
  /** A Clerk user signed in through `GET /api/auth/me` (their account made, with the trial): see signInClerkUser. */
  signIn(input?: ClerkCallerInput): Promise<ClerkTestCaller>
}

export interface ClerkCallerInput {
  /** Clerk's user id (`sub`); a fresh `user_<uuid>` by default. */
  clerkId?: string
  /** Clerk's session id (`sid`); `sess_<uuid>` by default, so each sign-in is a session of its own. */
  sessionId?: string
  name?: string
  email?: string
  /** Clerk's word on the address (default true: the account gets its 30 trial credits). */
  emailVerified?: boolean
  /** How long the first token lasts (default 600 s; a long bench asks for more, or calls freshToken). */
  lifetimeSeconds?: number
}

/** One signed-in Clerk browser: a session and a token of it. */
export interface ClerkTestCaller {
  clerkId: string
  sessionId: string
  /** The account as `GET /api/auth/me` answered it. */
  user: Viewer
  /** A session token of the session, as the web app sends it. */
  token: string
  /** Spread into `inject({ headers })` or a load generator's headers: `Authorization: Bearer <token>`. */
  bearer: { authorization: string }
  /** Another token of the same session and user (as Clerk's script mints one a minute), with the same claims. */
  freshToken(lifetimeSeconds?: number): Promise<string>
}

/**
 * The whole server in Clerk mode, offline: a fresh key pair stands in for the Clerk instance, its
 * public half is CLERK_JWT_KEY (session tokens verify on this machine and are kept until they
 * expire), and the Backend API is never called unless `clerk.fetchProfile` answers for it. For tests
 * and benches alike; close it as any TestApp.
 */
export async function createClerkTestApp(options: ClerkTestAppOptions = {}): Promise<ClerkTestApp> {
  const keys = await createClerkTestKeys()
  const testApp = await createTestApp({
    ...options,
    clerk: { ...options.clerk, jwtKey: keys.jwtKey },
    // In the config too, so a second instance built from it (testing/second-instance.ts) verifies the same way.
    env: { CLERK_JWT_KEY: keys.jwtKey, ...options.env },
  })
  return { ...testApp, keys, signIn: (input) => signInClerkUser(testApp.app, keys, input) }
}

/**
 * Mints a session token with the profile claims README's Clerk section asks for, and signs its user
 * in with it through `GET /api/auth/me`, which makes the account on first sight.
 */
export async function signInClerkUser(
  app: FastifyInstance,
  keys: ClerkTestKeys,
  input: ClerkCallerInput = {},
): Promise<ClerkTestCaller> {
  const clerkId = input.clerkId ?? `user_${randomUUID().replaceAll('-', '')}`
  const sessionId = input.sessionId ?? `sess_${randomUUID().replaceAll('-', '')}`
  const claims = {
    sid: sessionId,
    name: input.name ?? 'Clerk Test User',
    email: input.email ?? `${clerkId}@example.test`,
    image_url: '',
    email_verified: input.emailVerified ?? true,
  }
  const freshToken = (lifetimeSeconds = 600) => {
    const now = Math.floor(Date.now() / 1000)
    return keys.sessionToken(clerkId, { ...claims, iat: now - 5, nbf: now - 5, exp: now + lifetimeSeconds })
  }
  const token = await freshToken(input.lifetimeSeconds)
  const bearer = { authorization: `Bearer ${token}` }
  const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer })
  const user = res.json<{ user: Viewer | null }>().user
  if (res.statusCode !== 200 || !user)
    throw new Error(`Clerk sign-in of ${clerkId} failed: ${res.statusCode} ${res.body}`)
  return { clerkId, sessionId, user, token, bearer, freshToken }
}
