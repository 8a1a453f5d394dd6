import { Transform, type Readable } from 'node:stream'
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import type { ContextFactory } from '@promptly/api/context'
import { appRouter, type AppRouter } from '@promptly/api/root'
import { MAX_BATCH_SIZE } from '@promptly/api/transport/batch-size'

import { BULK_JSON_BODY_BYTES } from '../rest/bulk-upload-limits.ts'

/** What tRPC's own clients send: queries as GET, mutations and batches as POST with a JSON body. */
const TRPC_METHODS = new Set(['GET', 'HEAD', 'POST'])

/**
 * The procedures that take a whole bulk run in one request (a CSV text, or up to BULK_MAX_ROWS rows
 * of JSON): they alone read bodies up to BULK_JSON_BODY_BYTES. Every other procedure keeps the app's
 * body limit (1 MB), so the larger one is no way in for anything else.
 */
const BULK_UPLOAD_PROCEDURES: ReadonlySet<string> = new Set(['bulk.preview', 'bulk.create'])

/** Fastify's own default, should the app not set one. */
const FASTIFY_BODY_LIMIT = 1024 * 1024

export async function registerTrpc(app: FastifyInstance, createContext: ContextFactory<FastifyRequest>): Promise<void> {
  // tRPC's adapter takes every method and every body: TRACE made its Request constructor throw, and
  // a multipart body (which no procedure reads) failed to serialise; both were 500s. Anything else
  // is refused in this scope, in the legacy error envelope, before the adapter sees it.
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req, reply) => {
      if (TRPC_METHODS.has(req.method)) return
      reply.header('allow', 'GET, POST')
      throw Object.assign(new Error('Method not allowed'), { statusCode: 405 })
    })
    scope.addHook('preValidation', async (req) => {
      if (req.method !== 'POST' || isJson(req.headers['content-type'])) return
      throw Object.assign(new Error('Unsupported content type'), { statusCode: 415 })
    })
    limitBodiesByProcedure(scope, app.initialConfig.bodyLimit ?? FASTIFY_BODY_LIMIT)
    await registerTrpcAdapter(scope, createContext)
  })
}

/**
 * The adapter serves every procedure from one route (`/trpc/:path`), and Fastify's body limit is a
 * route's: that route gets the bulk uploads' limit, and any other request is held to the app's
 * before its body is read, by its declared length, or, sent without one (chunked), as it streams.
 */
function limitBodiesByProcedure(scope: FastifyInstance, appLimit: number): void {
  scope.addHook('onRoute', (route) => {
    route.bodyLimit = BULK_JSON_BODY_BYTES
  })
  scope.addHook('preParsing', async (req, reply, payload) => {
    if (req.method !== 'POST' || takesBulkUpload(req)) return payload
    const declared = req.headers['content-length']
    if (Number(declared ?? 0) > appLimit) throw bodyTooLarge(reply)
    // A body sent with no declared length (chunked, HTTP/2) is counted as it comes.
    return declared === undefined ? limitedStream(payload, appLimit) : payload
  })
}

/** `bulk.create`, or a batch of bulk uploads only (`bulk.preview,bulk.create?batch=1`). */
function takesBulkUpload(req: FastifyRequest): boolean {
  const { path } = req.params as { path?: string }
  return path !== undefined && path.split(',').every((procedure) => BULK_UPLOAD_PROCEDURES.has(procedure))
}

/** The body as it arrives, failing with a 413 at the first byte past `limit`. */
function limitedStream(payload: Readable, limit: number): Readable {
  let received = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length
      done(received > limit ? tooLargeError() : null, chunk)
    },
  })
  // Not pipeline(): on an error it would destroy the request, and with it the socket the 413 goes out on.
  payload.on('error', (error) => counted.destroy(error))
  return payload.pipe(counted)
}

function bodyTooLarge(reply: FastifyReply): Error {
  // The rest of the body is not read: the connection cannot carry another request.
  reply.header('connection', 'close')
  return tooLargeError()
}

function tooLargeError(): Error {
  return Object.assign(new Error('Request body is too large'), { statusCode: 413 })
}

async function registerTrpcAdapter(app: FastifyInstance, createContext: ContextFactory<FastifyRequest>): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }) => createContext(req),
      // The rate limit counts HTTP requests; a batch longer than this is refused with a 400.
      maxBatchSize: MAX_BATCH_SIZE,
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error, path }, 'tRPC procedure failed')
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  })
}

/** No content type (an empty mutation) or JSON; tRPC's other encodings (form data, octets) are not used. */
function isJson(contentType: string | undefined): boolean {
  return contentType === undefined || /^application\/json\s*(;|$)/i.test(contentType)
}
