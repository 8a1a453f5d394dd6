import type { FastifyInstance } from 'fastify'
import { Histogram, type Registry } from 'prom-client'

/** The route label of a request no route matched (a 404, a page the web app answers itself). */
export const UNMATCHED_ROUTE = 'unmatched'

/** From a stored answer's milliseconds to a slow generation's first event. */
const HTTP_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
/** Node's parser accepts a few dozen methods; anything but these is `other`. */
const METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

export type HttpRequestSeries = Histogram<'method' | 'route' | 'status_class'>

export function httpRequestSeries(registry: Registry): HttpRequestSeries {
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests on the public port, by method, route template and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_SECONDS,
    registers: [registry],
  })
}

/**
 * Times every answer of `app` into `series`, hijacked ones too (the stored answers: Fastify runs
 * onResponse when the raw response finishes). The route is the matched template (`/media/:id`),
 * never the URL asked for, so the series stay as few as the routes.
 */
export function recordHttpRequests(app: FastifyInstance, series: HttpRequestSeries): void {
  app.addHook('onResponse', (req, reply, done) => {
    const labels = {
      method: METHODS.has(req.method) ? req.method : 'other',
      route: req.routeOptions.url ?? UNMATCHED_ROUTE,
      status_class: `${Math.trunc(reply.statusCode / 100)}xx`,
    }
    series.observe(labels, reply.elapsedTime / 1000)
    done()
  })
}
