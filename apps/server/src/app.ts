import { randomUUID } from 'node:crypto'
import cookie from '@fastify/cookie'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'

import { TurnBudget } from '@promptly/api/scheduling/turn-budget'
import type { Database } from '@promptly/db/client'

import { operatorWarningsFor } from './ai/operator-warnings.ts'
import { startBulkWorkers } from './bulk-queue/bulk-workers.ts'
import { registerByteCaches } from './caching/register-byte-caches.ts'
import type { AppConfig } from './config/app-config.ts'
import { plainHttpSignInWarning } from './config/plain-http-sign-in.ts'
import { toLegacyError } from './errors/legacy-error-envelope.ts'
import { decorateRequestUser, requestUser } from './identity/request-user.ts'
import { loggerOptions } from './logging.ts'
import { registerMail } from './mail/register-mail.ts'
import { mediaUrlSecret } from './media/media-url-secret.ts'
import { registerMediaRoutes } from './media/media.routes.ts'
import { registerPaymentRoutes } from './payments/payment-webhook.routes.ts'
import { registerCompression } from './plugins/compression.ts'
import { registerCrossSiteWriteGuard } from './plugins/cross-site-writes.ts'
import { registerHealth } from './plugins/health.ts'
import { securityHeadersFor, type SecurityHeaders } from './plugins/security-header-set.ts'
import { registerSecurityHeaders, writeSecurityHeaders } from './plugins/security-headers.ts'
import { registerTrpc } from './plugins/trpc.ts'
import { registerTurnPacing } from './plugins/turn-pacing.ts'
import { requestContexts } from './request-context.ts'
import { isApiPath } from './rest/legacy-api-paths.ts'
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

/** Builds the HTTP server without listening: main.ts listens, tests use `inject`. */
export async function buildApp({ config, db, services, logStream, instanceId }: AppDeps): Promise<FastifyInstance> {
  // Worked out once; every answer carries it, whichever path sends it.
  const securityHeaders = securityHeadersFor(config)
  const app = createServer(config, securityHeaders, logStream)
  // Before any other hook: every request is a trace's root span, stored answers too, when traces
  // are exported (OTEL_EXPORTER_OTLP_ENDPOINT); what the request does runs inside it.
  services.tracing?.traceRequests(app)
  // Every answer is timed, stored ones too, when metrics are served (their own port, METRICS_PORT).
  services.metrics?.recordRequests(app)
  // One set of services for the app's lifetime, shared by every request; what they hold (the local
  // model server, the S3 client, the SMTP pool) is released when the app closes, after the bulk
  // workers' own closing (registered below, it runs first).
  app.addHook('onClose', () => services.close())
  const { identity, media, payments, caches } = services
  const mediaSecret = mediaUrlSecret(config)
  const turns = new TurnBudget()
  const { contextFor, createContext, contextForAccount } = requestContexts({
    config,
    db,
    services,
    mediaSecret,
    instanceId,
    turns,
  })
  await startBulkWorkers(app, { db, services, ownerInFlight: config.bulk.limits.ownerInFlight, contextForAccount })
  // Before any route: every request keeps its own signed-in user lookup (requestUser).
  decorateRequestUser(app)
  app.setErrorHandler(sendLegacyError)

  // First of all hooks: a stored public answer is as cheap as a static file, so like static files
  // it skips the rate limit. It answers before the security headers' hook, so it is handed the
  // same set to send: every answer carries it, cache hit or not.
  const byteCaches = registerByteCaches(app, { caches, identity, securityHeaders, urls: { appUrl: config.appUrl } })
  // Then each request waits for its share of the event loop, as generations' steps do.
  registerTurnPacing(app, turns)
  await registerGuards(app, config, services, securityHeaders)

  // Before the identity: local accounts send mail (app.mail) from their routes.
  registerMail(app, services.mail)
  await identity.register(app)
  registerHealth(app, db, await operatorWarnings(app, config, services), services.sharedState.pingRedis)
  await registerTrpc(app, createContext)
  await registerRest(app, {
    createContext,
    adminEmails: config.adminEmails,
    appUrl: config.appUrl,
    listAnswers: byteCaches.listAnswers,
    apiKeys: {
      db: db.prisma,
      keys: caches.apiKeys,
      contextFor,
      rateLimitPerMinute: config.env.API_KEY_RATE_LIMIT_PER_MINUTE,
      telemetry: services.telemetry,
    },
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
    telemetry: services.telemetry,
  })
  await registerWebApp(app, config.webDistDir, {
    serverDir: config.webServerDistDir,
    appUrl: config.appUrl,
    pages: byteCaches.pages,
    catalogue: caches.catalogue,
    publicContext: (req) => contextFor(req, null),
  })
  return app
}

function createServer(
  config: AppConfig,
  securityHeaders: SecurityHeaders,
  logStream: NodeJS.WritableStream | undefined,
): FastifyInstance {
  return Fastify({
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
}

/** What every request meets before any route: compression, headers, origin checks, the rate limit, cookies. */
async function registerGuards(
  app: FastifyInstance,
  config: AppConfig,
  services: AppServices,
  securityHeaders: SecurityHeaders,
): Promise<void> {
  // Before every route (it attaches to each as declared), and after the cache, which copies answers uncompressed.
  await registerCompression(app)
  registerSecurityHeaders(app, securityHeaders)
  if (config.env.CORS_ORIGINS.length > 0)
    await app.register(cors, { origin: config.env.CORS_ORIGINS, credentials: true })
  registerCrossSiteWriteGuard(app, { appUrl: config.appUrl, corsOrigins: config.env.CORS_ORIGINS })
  await app.register(rateLimit, {
    max: config.env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // Where the counts live (shared-state/shared-counts.ts): in Redis, every instance counts in one place.
    ...services.sharedState.rateLimitStore,
    // Static files are cheap and cached; the limit guards the API. Decided on the matched route,
    // never the raw URL: the router decodes before matching, so `/%61pi/...` reaches an /api route.
    allowList: (req) => !isApiPath(req.routeOptions.url ?? ''),
    onExceeded: () => services.telemetry.rateLimited('client'),
  })
  await app.register(cookie, { secret: config.sessionSecret })
}

/**
 * What the operator must fix, said once at start-up, where an operator looks first; /health keeps
 * saying it (the function returned) until fixed.
 */
async function operatorWarnings(
  app: FastifyInstance,
  config: AppConfig,
  { ai }: AppServices,
): Promise<() => Promise<string[]>> {
  const aiWarnings = operatorWarningsFor(ai)
  const signInWarning = plainHttpSignInWarning(config)
  const warnings = async () => [...(signInWarning ? [signInWarning] : []), ...(await aiWarnings())]
  for (const warning of await warnings()) app.log.warn(warning)
  return warnings
}

function sendLegacyError(error: unknown, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { statusCode, body } = toLegacyError(error)
  if (statusCode >= 500) req.log.error({ err: error }, 'request failed')
  return reply.status(statusCode).send(body)
}
