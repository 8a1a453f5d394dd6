import type { FastifyRequest } from 'fastify'

import type { Context, ContextFactory, PublicConfig, SignedInUser } from '@promptly/api/context'
import { mediaLinksFor } from '@promptly/api/media/media-links'
import type { Database } from '@promptly/db/client'

import type { AppConfig } from './config/app-config.ts'
import { requestUser } from './identity/request-user.ts'
import type { AppServices } from './services.ts'

export interface RequestContexts {
  /** The context for a caller already known (an API key's owner, or null for a public page). */
  contextFor(req: FastifyRequest, user: SignedInUser | null): Context
  /** The context for whoever the request's session or token says is asking. */
  createContext: ContextFactory<FastifyRequest>
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
}: {
  config: AppConfig
  db: Database
  services: AppServices
  mediaSecret: string
  /** This process's ServerInstance lease id, named on the reservations its requests make. */
  instanceId: string | undefined
}): RequestContexts {
  const { identity, ai, media, payments, caches, telemetry } = services
  const mediaLinks = mediaLinksFor(media, { appUrl: config.appUrl, secret: mediaSecret })
  const publicConfig: PublicConfig = {
    identity: config.identity.kind,
    clerkPublishableKey: config.identity.kind === 'clerk' ? config.identity.publishableKey : null,
    localModel: ai.isLocal,
  }
  const contextFor = (req: FastifyRequest, user: SignedInUser | null): Context => ({
    db: db.prisma,
    user,
    requestId: req.id,
    publicConfig,
    site: config.site,
    ai,
    media,
    mediaLinks,
    caches,
    telemetry,
    payments,
    personalToolLimit: config.env.PERSONAL_TOOL_LIMIT,
    referralDailyCap: config.env.REFERRAL_DAILY_CAP,
    ...(instanceId ? { instanceId } : {}),
  })
  return {
    contextFor,
    createContext: async (req) => contextFor(req, await requestUser(req, identity, config.adminEmails)),
  }
}
