import {
  context,
  defaultTextMapGetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Context,
  type TextMapPropagator,
  type Tracer,
} from '@opentelemetry/api'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

/** What an orchestrator probes every few seconds: a trace each would bury the requests people make. */
const UNTRACED_ROUTES: ReadonlySet<string> = new Set(['/health', '/ready'])

/**
 * Makes every request `app` answers the root span of a trace (or a child of the caller's, when it
 * sends `traceparent`), current while the request's hooks and handler run, and adds its trace id
 * to the request's log lines (`traceId`, beside Fastify's `reqId`). Registered on the root instance
 * before any other hook, so the stored answers, the rate limit and every route run inside it.
 *
 * A plugin of ours rather than @fastify/otel: that one ends the span when the answer starts (its
 * onSend hook), so a streamed generation's request would end at its first event, and it names the
 * query string in `url.path`, where third-party scripts put tokens. This span ends with the answer's
 * last byte, or when the client goes away, and says no more than the log lines do: no query string,
 * no client address, no header.
 */
export function traceRequests(app: FastifyInstance, tracer: Tracer, propagator: TextMapPropagator): void {
  app.addHook('onRequest', (req, reply, done) => {
    const route = req.routeOptions.url
    if (route !== undefined && UNTRACED_ROUTES.has(route)) return done()
    // Everything after this hook (the body's parsing too) continues in this context.
    context.with(startRequestSpan(req, reply, tracer, propagator), done)
  })
}

function startRequestSpan(
  req: FastifyRequest,
  reply: FastifyReply,
  tracer: Tracer,
  propagator: TextMapPropagator,
): Context {
  const route = req.routeOptions.url
  const parent = propagator.extract(ROOT_CONTEXT, req.headers, defaultTextMapGetter)
  const span = tracer.startSpan(
    route === undefined ? req.method : `${req.method} ${route}`,
    {
      kind: SpanKind.SERVER,
      attributes: {
        'http.request.method': req.method,
        'url.path': req.url.split('?')[0] ?? '/',
        'url.scheme': req.protocol,
        ...(route !== undefined && { 'http.route': route }),
        'promptly.request_id': req.id,
      },
    },
    parent,
  )
  req.log = req.log.child({ traceId: span.spanContext().traceId })
  reply.log = req.log
  let ended = false
  const end = () => {
    if (ended) return
    ended = true
    span.setAttribute('http.response.status_code', reply.statusCode)
    if (!reply.raw.writableFinished) span.setAttribute('promptly.client_went_away', true)
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR })
    span.end()
  }
  // 'close' alone when the client left before the last byte; both, in that order, otherwise.
  reply.raw.once('finish', end)
  reply.raw.once('close', end)
  return trace.setSpan(parent, span)
}
