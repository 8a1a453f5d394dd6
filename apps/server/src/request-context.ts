import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'

import type { AuthedContext, Context, ContextFactory, PublicConfig, SignedInUser } from '@promptly/api/context'
import { mediaLinksFor } from '@promptly/api/media/media-links'
import type { TurnBudget } from '@promptly/api/scheduling/turn-budget'
import type { Database } from '@promptly/db/client'

import type { AppConfig } from './config/app-config.ts'
import { requestUser, signedInUserOf } from './identity/request-user.ts'
import type { AppServices } from './services.ts'

export interface RequestContexts {
  /** The context for a caller already known (an API key's owner, or null for a public page). */
  contextFor(req: FastifyRequest, user: SignedInUser | null): Context
  /** The context for whoever the request's session or token says is asking. */
  createContext: ContextFactory<FastifyRequest>
  /**
   * The context work done for an account outside any request runs in (a bulk job's rows): the account
   * read afresh, so a role or balance change since the job started counts; null when it is gone.
   */
  contextForAccount(userId: string): Promise<AuthedContext | null>
}

/**
 * How each request gets what its handlers may use: the app's one set of services and caches, the
 * settings that bound what a caller may do, and the caller, identified once per request.
 */
export function requestContexts({
  config,
  db,
  services,
  mediaSecret,
  instanceId,
  turns,
}: {
  config: AppConfig
  db: Database
  services: AppServices
  mediaSecret: string
  /** This process's ServerInstance lease id, named on the reservations its requests make. */
  instanceId: string | undefined
  /** The app's share of event-loop turns, which heavy steps pace themselves on. */
  turns: TurnBudget
}): RequestContexts {
  const { identity, ai, media, payments, caches, telemetry } = services
  const mediaLinks = mediaLinksFor(media, { appUrl: config.appUrl, secret: mediaSecret })
  const publicConfig: PublicConfig = {
    identity: config.identity.kind,
    clerkPublishableKey: config.identity.kind === 'clerk' ? config.identity.publishableKey : null,
    localModel: ai.isLocal,
  }
  const bulk = { queue: services.rowQueue, ...config.bulk.limits }
  const contextWith = (requestId: string, user: SignedInUser | null): Context => ({
    db: db.prisma,
    user,
    requestId,
    publicConfig,
    site: config.site,
    ai,
    media,
    mediaLinks,
    caches,
    telemetry,
    turns,
    payments,
    personalToolLimit: config.env.PERSONAL_TOOL_LIMIT,
    brandVoiceLimit: config.env.BRAND_VOICE_LIMIT,
    referralDailyCap: config.env.REFERRAL_DAILY_CAP,
    bulk,
    ...(instanceId ? { instanceId } : {}),
  })
  const contextFor = (req: FastifyRequest, user: SignedInUser | null) => contextWith(req.id, user)
  return {
    contextFor,
    createContext: async (req) => contextFor(req, await requestUser(req, identity, config.adminEmails)),
    async contextForAccount(userId) {
      const stored = await db.prisma.user.findUnique({ where: { id: userId } })
      if (!stored) return null
      const user = signedInUserOf(stored, config.adminEmails)
      return { ...contextWith(`account-${randomUUID()}`, user), user }
    },
  }
}
