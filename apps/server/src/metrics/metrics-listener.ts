import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Registry } from 'prom-client'

import type { MetricsListenerConfig } from '../config/app-config.ts'

export const METRICS_PATH = '/metrics'

export interface MetricsListener {
  /** The port it listens on: METRICS_PORT, or the one the system chose for 0. */
  port: number
  close(): Promise<void>
}

/**
 * A listener of its own for Prometheus (never the public port: the app's router has no /metrics,
 * and a firewall or a container's port list keeps this one private). It answers GET /metrics with
 * `registry` in the text format and 404 to anything else; no app hook, rate limit or log runs for it.
 */
export async function listenForScrapes(
  registry: Registry,
  { host, port }: MetricsListenerConfig,
  onError: (error: unknown) => void,
): Promise<MetricsListener> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]
    if (path !== METRICS_PATH || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n')
      return
    }
    registry.metrics().then(
      (body) => {
        res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
        res.end(req.method === 'HEAD' ? undefined : body)
      },
      (error: unknown) => {
        onError(error)
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n')
      },
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        // A scraper keeps its connection alive between scrapes: close would wait for it.
        server.closeAllConnections()
      }),
  }
}
