import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'

import type { AuthedContext, Context, ContextFactory, SignedInUser } from '@promptly/api/context'
import { forbidden, unauthorized } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'

import { apiKeyCallerOf } from './api-key-caller.ts'
import { CLERK_ID_MISMATCH, requireCaller } from './shared/legacy-identity.ts'

/**
 * Who may make a REST call, read once per request by the hooks below from the route's
 * `config.caller`. `signedOut`: the call needs a caller, and a signed-out one gets a 401 with these
 * words (the spec's, per call) before any input is read. `clerkId`, the legacy `?clerkId=` (where the
 * route's query schema takes it): `claimed`, it must name the caller, unless the caller is an admin,
 * who then acts on that account (audited); `own`, it must name the caller, admins included (the call
 * acts for whoever makes it: a purchase); `ignored`, it is not read.
 * `refuseApiKeys`: the call needs a session; an API key gets a 403 with these words.
 * `admin`: the call is for admins; any other caller gets a 403 with these words, before the input
 * is read, so a non-admin learns nothing of what the call would accept.
 */
export interface CallerRule {
  signedOut?: string
  clerkId: 'claimed' | 'own' | 'ignored'
  refuseApiKeys?: string
  admin?: string
}

export const CALLERS = {
  /** Works signed out; `?clerkId=` is not read (the categories). */
  anyone: { clerkId: 'ignored' },
  /** Works signed out; a signed-in caller gets their own view (isBookmarked), checked against `?clerkId=`. */
  anyoneAsClaimed: { clerkId: 'claimed' },
  /**
   * The caller's own account only (their API keys, buying a plan): a `?clerkId=` must be theirs, an
   * admin's included. Reading an account's purchase history is `signedIn`, like its limits.
   */
  ownAccount: { signedOut: MESSAGES.signInToContinue, clerkId: 'own' },
  /** Signed in, as the caller or, for an admin, the account `?clerkId=` names. */
  signedIn: (signedOut: string = MESSAGES.signInToContinue): CallerRule => ({ signedOut, clerkId: 'claimed' }),
} satisfies Record<string, CallerRule | ((message?: string) => CallerRule)>

declare module 'fastify' {
  interface FastifyContextConfig {
    /** REST routes: who may call (see CallerRule); a route without one needs a signed-in caller. */
    caller?: CallerRule
  }
  interface FastifyRequest {
    /** REST routes: the context the call runs as (the credentials' user, or the account an admin acts on). */
    caller: Context
    /** REST routes: the credentials' own context, before any `?clerkId=` (a referral is the visitor's). */
    credentials: Context
  }
}

export interface RestCallerOptions {
  /** The request's context from its session, as everywhere else in the app. */
  createContext: ContextFactory<FastifyRequest>
  /** The request's context for a given caller (a key's owner), without asking the identity provider. */
  contextFor: (req: FastifyRequest, user: SignedInUser | null) => Context
  adminEmails: readonly string[]
}

const claimedClerkId = z.object({ clerkId: z.string().optional() })

/**
 * Resolves the caller once per request for every route of a REST scope, in the order the legacy
 * calls answer: the credentials first (a signed-out caller hears "sign in", a non-admin on an admin
 * call "cannot access", neither that an id is malformed), then the input (the route's schema), then
 * the `?clerkId=` claim from the validated query. It runs as a preHandler, after the identity
 * provider's own hooks (Clerk reads its token there), so each route attaches its validation failure
 * instead of answering it: thrown here, after the sign-in and admin checks. Routes read `req.caller`
 * (`signedInCaller` narrows it).
 */
export function resolveCallers(scope: FastifyInstance, options: RestCallerOptions): void {
  const { createContext, contextFor, adminEmails } = options
  scope.decorateRequest('caller', null as unknown as Context)
  scope.decorateRequest('credentials', null as unknown as Context)
  scope.addHook('onRoute', (route) => {
    route.attachValidation = true
  })

  scope.addHook('preHandler', async (req) => {
    // A key (accepted by api-key-caller.ts) acts as its owner, with no admin rights whatever the
    // owner's role: a script's key must never act on other accounts.
    const keyCaller = apiKeyCallerOf(req)
    const ctx = keyCaller ? contextFor(req, { ...keyCaller.user, isAdmin: false }) : await createContext(req)
    const rule = callerRule(req.routeOptions.config)
    if (rule.signedOut !== undefined && !ctx.user) throw unauthorized(rule.signedOut)
    if (rule.refuseApiKeys !== undefined && keyCaller) throw forbidden(rule.refuseApiKeys)
    if (rule.admin !== undefined && !ctx.user?.isAdmin) throw forbidden(rule.admin)
    if (req.validationError) throw req.validationError
    req.credentials = ctx
    const claimed = rule.clerkId !== 'ignored' && ctx.user ? claimedClerkId.safeParse(req.query).data : undefined
    if (rule.clerkId === 'own' && claimed?.clerkId !== undefined && claimed.clerkId !== ctx.user?.clerkId) {
      throw forbidden(CLERK_ID_MISMATCH)
    }
    req.caller =
      claimed && rule.clerkId === 'claimed' ? await requireCaller(req, ctx, claimed.clerkId, adminEmails) : ctx
  })
}

/** A route's rule, from its `config`; a route that states none needs a signed-in caller. */
export function callerRule(config: { caller?: CallerRule } | undefined): CallerRule {
  return config?.caller ?? CALLERS.signedIn()
}

/** The caller of a route that needs one (its rule has `signedOut`): the hook refused everyone else. */
export function signedInCaller(ctx: Context): AuthedContext {
  const user = ctx.user
  if (!user) throw unauthorized(MESSAGES.signInToContinue)
  return { ...ctx, user }
}
