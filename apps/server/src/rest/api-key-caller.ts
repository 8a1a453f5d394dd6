import type {} from '@fastify/rate-limit'

import type { FastifyInstance, FastifyRequest } from 'fastify'

import { isApiKeyToken } from '@promptly/api/api-keys/api-key-secret'
import type { ApiKeyCaller } from '@promptly/api/api-keys/authenticate-api-key'
import type { Telemetry } from '@promptly/api/telemetry/telemetry'
import { AppError, forbidden, unauthorized } from '@promptly/core/errors/app-error'
import type { Db } from '@promptly/db/client'

import type { ApiKeyCache } from './api-key-cache.ts'
import { acceptedScopes } from './api-key-scopes.ts'

export const API_KEY_MESSAGES = {
  unknown: 'This API key is not valid. Check that the whole key was copied, or create a new one on your profile.',
  revoked: 'This API key has been revoked. Create a new one on your profile.',
  missingScope: (scope: string) =>
    `This API key does not have the '${scope}' scope this call needs. Create a key with '${scope}' on your profile.`,
  otherAccount: "An API key acts only for its owner's account: leave clerkId out or give your own.",
  tooMany: (max: number, seconds: number) =>
    `Too many requests with this API key: at most ${max} a minute. Try again in ${seconds} seconds.`,
} as const

declare module 'fastify' {
  interface FastifyRequest {
    /** REST routes: the key the request was made with, once its checks passed (null for a session). */
    apiKeyCaller: ApiKeyCaller | null
  }
}

/** The key a REST request was made with (after the checks below passed), or undefined for a session. */
export function apiKeyCallerOf(req: FastifyRequest): ApiKeyCaller | undefined {
  return req.apiKeyCaller ?? undefined
}

/** The token of `Authorization: Bearer prly_...`; a session's Bearer token (any other) is not ours. */
function presentedApiKey(req: FastifyRequest): string | undefined {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1]
  return token !== undefined && isApiKeyToken(token) ? token : undefined
}

export interface ApiKeyCallerOptions {
  db: Db
  /** Keys accepted in the last seconds (the instance's): a script's calls skip the lookup. */
  keys: ApiKeyCache
  /** API_KEY_RATE_LIMIT_PER_MINUTE: each key's own allowance, apart from the per-client one. */
  rateLimitPerMinute: number
  /** Told of each call refused for the key's allowance (the instance's metrics). */
  telemetry: Pick<Telemetry, 'rateLimited'>
}

/**
 * Lets the REST scope it is added to accept `Authorization: Bearer prly_...`: the caller is then the
 * key's owner. Runs before the body is read and after the per-client rate limit (an onRequest
 * hook), so an unknown key costs one indexed lookup and nothing more. Refuses, in this order:
 * an unknown or revoked key (401), a call outside the key's scopes (403), a `clerkId` naming
 * another account (403, even when the owner is an admin: a key never carries admin rights), and
 * calls over the key's own per-minute allowance (429 with retry-after). The key is never echoed.
 */
export function acceptApiKeys(
  scope: FastifyInstance,
  { db, keys, rateLimitPerMinute, telemetry }: ApiKeyCallerOptions,
): void {
  scope.decorateRequest('apiKeyCaller', null)
  const perKeyLimit = oneCheckAtATime(
    scope.createRateLimit({
      max: rateLimitPerMinute,
      timeWindow: 60_000,
      keyGenerator: (req) => `api-key:${req.apiKeyCaller?.keyId ?? ''}`,
      allowList: () => false,
    }),
  )

  scope.addHook('preParsing', async (req, reply) => {
    const presented = presentedApiKey(req)
    if (presented === undefined) return
    const authentication = await keys.authenticate(db, presented)
    if (!authentication.ok) throw unauthorized(API_KEY_MESSAGES[authentication.reason])
    const { caller } = authentication

    const accepted = acceptedScopes(req.method, req.routeOptions.url ?? '')
    if (!accepted.some((scope) => caller.scopes.includes(scope))) {
      throw forbidden(API_KEY_MESSAGES.missingScope(accepted[0]))
    }
    if (claimsAnotherAccount(req, caller.user.clerkId)) throw forbidden(API_KEY_MESSAGES.otherAccount)

    req.apiKeyCaller = caller
    const limit = await perKeyLimit(caller.keyId, req)
    if (!limit.isAllowed && limit.isExceeded) {
      telemetry.rateLimited('api_key')
      reply.header('retry-after', String(limit.ttlInSeconds))
      throw new AppError('TOO_MANY_REQUESTS', API_KEY_MESSAGES.tooMany(limit.max, limit.ttlInSeconds))
    }
  })
}

type RateLimitCheck = ReturnType<FastifyInstance['createRateLimit']>

/**
 * A key's allowance checked for one request after another. @fastify/rate-limit's in-memory store
 * answers each check with its counter object itself and the check reads it a tick later, so two
 * checks of one key in the same tick (calls that waited on the same lookup of a new key, then went
 * on together) both read the second count, and both were refused at an allowance of one.
 */
function oneCheckAtATime(check: RateLimitCheck): (keyId: string, req: FastifyRequest) => ReturnType<RateLimitCheck> {
  const last = new Map<string, Promise<unknown>>()
  return (keyId, req) => {
    const previous = last.get(keyId) ?? Promise.resolve()
    const result = previous.then(() => check(req))
    const settled = result.catch(() => undefined)
    last.set(keyId, settled)
    void settled.then(() => {
      if (last.get(keyId) === settled) last.delete(keyId)
    })
    return result
  }
}

/** Whether any `clerkId` in the query (it may be repeated) names someone other than the key's owner. */
function claimsAnotherAccount(req: FastifyRequest, ownClerkId: string): boolean {
  const query = req.query
  if (typeof query !== 'object' || query === null || !('clerkId' in query)) return false
  const claimed = query.clerkId
  const values = Array.isArray(claimed) ? claimed : [claimed]
  return values.some((value) => value !== ownClerkId)
}
