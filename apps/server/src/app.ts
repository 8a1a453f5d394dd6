import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'

import type { Context, PublicConfig, SignedInUser } from '@promptly/api/context'
import { mediaLinksFor } from '@promptly/api/media/media-links'
import type { Database } from '@promptly/db/client'

import { operatorWarningsFor } from './ai/operator-warnings.ts'
import { registerListFastPath } from './catalogue-answers/list-fast-path.ts'
import type { AppConfig } from './config/app-config.ts'
import { plainHttpSignInWarning } from './config/plain-http-sign-in.ts'
import { requestUser } from './identity/request-user.ts'
import { loggerOptions } from './logging.ts'
import { registerMail } from './mail/register-mail.ts'
import { mediaUrlSecret } from './media/media-url-secret.ts'
import { registerMediaRoutes } from './media/media.routes.ts'
import { registerPaymentRoutes } from './payments/payment-webhook.routes.ts'
import { registerCompression } from './plugins/compression.ts'
import { registerCrossSiteWriteGuard } from './plugins/cross-site-writes.ts'
import { registerHealth } from './plugins/health.ts'
import { registerPublicResponseCache } from './plugins/public-response-cache.ts'
import { securityHeadersFor } from './plugins/security-header-set.ts'
import { registerSecurityHeaders, writeSecurityHeaders } from './plugins/security-headers.ts'
import { registerTrpc } from './plugins/trpc.ts'
import { toLegacyError } from './rest/envelope.ts'
import { isLegacyApiPath } from './rest/legacy-api-paths.ts'
import { registerRest } from './rest/register-rest.ts'
import { escapeStrayPercentsInSearchPath } from './rest/search-text-path.ts'
import type { AppServices } from './services.ts'
import { badAddressPageUrl } from './web/bad-address-page.ts'
import { registerWebApp } from './web/web-app.ts'

export interface AppDeps {
  config: AppConfig
  db: Database
  /** Identity, AI, media storage and mail (services.ts builds them); released when the app closes. */
  services: AppServices
  /** Where log lines go (standard output by default); tests pass a stream to read them. */
  logStream?: NodeJS.WritableStream
  /** This process's ServerInstance lease id (main.ts), recorded on the reservations it makes. */
  instanceId?: string
}

export type ContextFactory = (req: FastifyRequest) => Promise<Context>

/** Builds the HTTP server without listening: main.ts listens, tests use `inject`. */
export async function buildApp({ config, db, services, logStream, instanceId }: AppDeps): Promise<FastifyInstance> {
  // Worked out once; every answer carries it, whichever path sends it.
  const securityHeaders = securityHeadersFor(config)
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    genReqId: (req) => {
      const given = req.headers['x-request-id']
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID()
    },
    bodyLimit: 1024 * 1024,
    // Only the listed proxies' X-Forwarded-For entries are believed: the client address keys the
    // rate limit and the login throttle, so it must not be the client's own claim.
    trustProxy: config.env.TRUST_PROXY.length > 0 ? [...config.env.TRUST_PROXY] : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A browser's page at an address the router cannot decode goes to the app's error screen.
    rewriteUrl: (req) => badAddressPageUrl(req) ?? escapeStrayPercentsInSearchPath(req.url ?? '/'),
    // Any other URL the router cannot decode (400) or with an over-long segment (414) is refused before
    // any route or error handler runs: answered here, in the same envelope as every other error.
    // No hook runs for these, the security headers' neither: they are written here.
    frameworkErrors: (error, req, reply) => {
      writeSecurityHeaders(reply.raw, securityHeaders)
      return sendLegacyError(error, req, reply)
    },
  })

  // One set of services for the app's lifetime, shared by every request; what they hold (the local
  // model server, the S3 client, the SMTP pool) is released when the app closes.
  app.addHook('onClose', () => services.close())
  const { identity, ai, media, payments } = services
  const mediaSecret = mediaUrlSecret(config)
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
    payments,
    personalToolLimit: config.env.PERSONAL_TOOL_LIMIT,
    ...(instanceId ? { instanceId } : {}),
  })
  const createContext: ContextFactory = async (req) =>
    contextFor(req, await requestUser(req, identity, config.adminEmails))

  app.setErrorHandler(sendLegacyError)

  // First of all hooks: a stored public answer is as cheap as a static file, so like static files
  // it skips the rate limit. It answers before the security headers' hook, so it is handed the
  // same set to send: every answer carries it, cache hit or not.
  registerPublicResponseCache(app, db.prisma, { securityHeaders })
  registerListFastPath(app, { db: db.prisma, identity, securityHeaders, urls: { appUrl: config.appUrl } })
  // Before every route (it attaches to each as declared), and after the cache, which copies answers uncompressed.
  await registerCompression(app)
  registerSecurityHeaders(app, securityHeaders)
  if (config.env.CORS_ORIGINS.length > 0)
    await app.register(cors, { origin: config.env.CORS_ORIGINS, credentials: true })
  registerCrossSiteWriteGuard(app, { appUrl: config.appUrl, corsOrigins: config.env.CORS_ORIGINS })
  await app.register(rateLimit, {
    max: config.env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // With REDIS_URL every instance counts in one place, so N instances do not allow N times the limit.
    // While Redis is down requests go through (the throttles on sign-in still count per instance).
    ...(services.redis && { redis: services.redis, nameSpace: 'promptly:rate-limit:', skipOnError: true }),
    // Static files are cheap and cached; the limit guards the API. Decided on the matched route,
    // never the raw URL: the router decodes before matching, so `/%61pi/...` reaches an /api route.
    allowList: (req) => !isApiPath(req.routeOptions.url ?? ''),
  })
  await app.register(cookie, { secret: config.sessionSecret })

  // Before the identity: local accounts send mail (app.mail) from their routes.
  registerMail(app, services.mail)
  await identity.register(app)
  const aiWarnings = operatorWarningsFor(ai)
  const signInWarning = plainHttpSignInWarning(config)
  const operatorWarnings = async () => [...(signInWarning ? [signInWarning] : []), ...(await aiWarnings())]
  // Said once at start-up, where an operator looks first; /health keeps saying it until fixed.
  for (const warning of await operatorWarnings()) app.log.warn(warning)
  registerHealth(app, db, operatorWarnings, services.redis)
  await registerTrpc(app, createContext)
  await registerRest(app, {
    createContext,
    adminEmails: config.adminEmails,
    appUrl: config.appUrl,
    apiKeys: { db: db.prisma, contextFor, rateLimitPerMinute: config.env.API_KEY_RATE_LIMIT_PER_MINUTE },
  })
  registerMediaRoutes(app, {
    createContext,
    db: db.prisma,
    storage: media,
    urlSecret: mediaSecret,
    rateLimitPerMinute: config.env.RATE_LIMIT_PER_MINUTE,
  })
  await registerPaymentRoutes(app, {
    db: db.prisma,
    payments,
    appUrl: config.appUrl,
    userOf: (req) => requestUser(req, identity, config.adminEmails),
  })
  await registerWebApp(app, config.webDistDir, {
    serverDir: config.webServerDistDir,
    appUrl: config.appUrl,
    db: db.prisma,
    publicContext: (req) => contextFor(req, null),
  })
  return app
}

function sendLegacyError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { statusCode, body } = toLegacyError(error)
  if (statusCode >= 500) req.log.error({ err: error }, 'request failed')
  return reply.status(statusCode).send(body)
}

export function isApiPath(url: string): boolean {
  const prefixed =
    url.startsWith('/api/') ||
    url === '/api' ||
    url.startsWith('/trpc') ||
    url.startsWith('/health') ||
    url.startsWith('/ready')
  return prefixed || isLegacyApiPath(url)
}
