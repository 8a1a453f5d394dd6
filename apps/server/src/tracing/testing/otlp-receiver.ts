import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gunzipSync } from 'node:zlib'
import { z } from 'zod'

/** An attribute value as OTLP/JSON writes it; 64-bit integers come as strings. */
const anyValue = z.object({
  stringValue: z.string().optional(),
  boolValue: z.boolean().optional(),
  intValue: z.union([z.string(), z.number()]).optional(),
  doubleValue: z.number().optional(),
})
const keyValues = z.array(z.object({ key: z.string(), value: anyValue })).default([])

const otlpSpan = z.object({
  traceId: z.string().regex(/^[0-9a-f]{32}$/),
  spanId: z.string().regex(/^[0-9a-f]{16}$/),
  parentSpanId: z.string().optional(),
  name: z.string(),
  kind: z.number(),
  startTimeUnixNano: z.union([z.string(), z.number()]),
  endTimeUnixNano: z.union([z.string(), z.number()]),
  attributes: keyValues,
  events: z.array(z.object({ name: z.string() })).default([]),
  status: z.object({ code: z.number().optional() }).default({}),
})

/** The body of POST /v1/traces in OTLP's JSON encoding (ExportTraceServiceRequest). */
const exportRequest = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({ attributes: keyValues }),
      scopeSpans: z.array(z.object({ spans: z.array(otlpSpan).default([]) })),
    }),
  ),
})

export type AttributeValue = string | number | boolean

/** A span as the collector received it, its attributes decoded. */
export interface ReceivedSpan {
  traceId: string
  spanId: string
  /** Null for a trace's root (OTLP/JSON sends none, or an empty string). */
  parentSpanId: string | null
  name: string
  /** OTLP's numbering: 1 internal, 2 server, 3 client. */
  kind: number
  startNanos: bigint
  endNanos: bigint
  attributes: Record<string, AttributeValue>
  events: string[]
  /** OTLP's status code: 0 unset, 1 ok, 2 error. */
  statusCode: number
  /** The resource's attributes (`service.name`, `service.instance.id`, ...). */
  resource: Record<string, AttributeValue>
}

export interface OtlpReceiver {
  /** What OTEL_EXPORTER_OTLP_ENDPOINT is set to: the base URL, without /v1/traces. */
  endpoint: string
  /** Every span received so far, in the order received. */
  readonly spans: ReceivedSpan[]
  /** Requests refused for not being OTLP/JSON trace exports (a test expects none). */
  readonly refused: string[]
  /** While true, every export is answered 400, as a collector that will not take it. */
  refusing: boolean
  close(): Promise<void>
}

/**
 * An OpenTelemetry collector's OTLP/HTTP trace endpoint, in this process, on a free loopback port:
 * it accepts what the server's exporter sends (JSON, gzip or not), keeps the spans, answers 200.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = []
  const refused: string[] = []
  const server = createServer((req, res) => {
    void readBody(req).then((body) => {
      const parsed = req.method === 'POST' && req.url === '/v1/traces' ? parseExport(body) : null
      if (receiver.refusing) {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"message":"refused by the test"}')
        return
      }
      if (!parsed) {
        refused.push(`${req.method} ${req.url} ${req.headers['content-type']}`)
        res.writeHead(400).end()
        return
      }
      spans.push(...parsed)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const receiver: OtlpReceiver = {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    refused,
    refusing: false,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return receiver
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const body = Buffer.concat(chunks)
  return req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body
}

function parseExport(body: Buffer): ReceivedSpan[] | null {
  let json: unknown
  try {
    json = JSON.parse(body.toString('utf8'))
  } catch {
    return null
  }
  const parsed = exportRequest.safeParse(json)
  if (!parsed.success) return null
  return parsed.data.resourceSpans.flatMap(({ resource, scopeSpans }) => {
    const decodedResource = decode(resource.attributes)
    return scopeSpans.flatMap(({ spans }) =>
      spans.map((span) => ({
        traceId: span.traceId,
        spanId: span.spanId,
        parentSpanId: span.parentSpanId || null,
        name: span.name,
        kind: span.kind,
        startNanos: BigInt(span.startTimeUnixNano),
        endNanos: BigInt(span.endTimeUnixNano),
        attributes: decode(span.attributes),
        events: span.events.map((event) => event.name),
        statusCode: span.status.code ?? 0,
        resource: decodedResource,
      })),
    )
  })
}

function decode(attributes: z.infer<typeof keyValues>): Record<string, AttributeValue> {
  const decoded: Record<string, AttributeValue> = {}
  for (const { key, value } of attributes) {
    const { stringValue, boolValue, intValue, doubleValue } = value
    const plain = stringValue ?? boolValue ?? (intValue === undefined ? doubleValue : Number(intValue))
    if (plain !== undefined) decoded[key] = plain
  }
  return decoded
}
