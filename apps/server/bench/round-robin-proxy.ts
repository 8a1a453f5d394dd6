import { Agent, createServer, request as forward, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

import type { Origin } from '../src/testing/process-client.ts'

export interface RoundRobinProxy {
  /** e.g. http://127.0.0.1:40123: what the clients call. */
  readonly url: string
  /** Requests passed to each upstream, in the order given. */
  forwarded(): number[]
  /** Requests answered 502 because the upstream failed (refused, reset) before its answer began. */
  failures(): number
  close(): Promise<void>
}

/** One answer as the proxy saw it: from the request's arrival to the answer's last byte sent. */
export interface ProxiedAnswer {
  method: string
  /** The request's path and query, as asked. */
  url: string
  /** Whether the request carried an Authorization header (a signed-in caller). */
  signedIn: boolean
  /** When the request arrived, in milliseconds since the epoch (fractional). */
  atMs: number
  ms: number
}

export interface RoundRobinProxyOptions {
  /** Called once per answer that was sent in full (not for 502s or callers that left). */
  onAnswer?: (answer: ProxiedAnswer) => void
}

/** Hop-by-hop headers: they describe one connection, so a proxy never passes them on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te'])

/**
 * A reverse proxy on loopback, as a load balancer stands in front of the instances: each request
 * goes to the next upstream in turn, over kept-alive connections, with the caller's address added
 * to X-Forwarded-For (the instances trust a loopback proxy). Bodies stream both ways as they come,
 * so a streamed generation reaches the client chunk by chunk.
 */
export async function startRoundRobinProxy(
  upstreams: readonly Origin[],
  { onAnswer }: RoundRobinProxyOptions = {},
): Promise<RoundRobinProxy> {
  const targets = upstreams.map((upstream) => new URL(upstream.url))
  const agent = new Agent({ keepAlive: true })
  const forwarded = targets.map(() => 0)
  let turn = 0
  let failures = 0
  const server = createServer((req, res) => {
    const arrived = performance.now()
    let answeredHere = false
    const index = turn++ % targets.length
    const target = targets[index]!
    forwarded[index]! += 1
    const headers = passedOn(req.headers, req.socket.remoteAddress)
    const upstream = forward(
      { host: target.hostname, port: target.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, passedOn(answer.headers))
        answer.pipe(res)
      },
    )
    upstream.on('error', () => {
      if (res.headersSent) return void res.destroy()
      failures += 1
      answeredHere = true
      res.writeHead(502, { 'content-type': 'text/plain' }).end('upstream failed')
    })
    // A caller that leaves mid-answer closes the upstream request too, as a proxy's client abort does.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy()
    })
    res.on('finish', () => {
      if (answeredHere) return
      onAnswer?.({
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        signedIn: req.headers.authorization !== undefined,
        atMs: performance.timeOrigin + arrived,
        ms: performance.now() - arrived,
      })
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded: () => [...forwarded],
    failures: () => failures,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
        agent.destroy()
      }),
  }
}

/** The headers without the hop-by-hop ones; for a request, with `from` appended to X-Forwarded-For. */
function passedOn(headers: IncomingHttpHeaders, from?: string): IncomingHttpHeaders {
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)))
  if (from === undefined) return kept
  const forwardedFor = headers['x-forwarded-for']
  return { ...kept, 'x-forwarded-for': forwardedFor ? `${String(forwardedFor)}, ${from}` : from }
}
