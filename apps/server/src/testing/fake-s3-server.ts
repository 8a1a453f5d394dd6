import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

import { isPresigned, presignedRefusal, type FakeS3Credentials } from './fake-s3-presigned.ts'

export interface FakeS3Request {
  method: string
  path: string
  authorization: string | undefined
  contentType: string | undefined
}

export interface FakeS3Server {
  endpoint: string
  /** Objects by "bucket/key". */
  objects: Map<string, { body: Buffer; contentType: string }>
  requests: FakeS3Request[]
  close(): Promise<void>
}

export interface FakeS3Options {
  /** The bucket's keys: with them, presigned GETs are answered, their signature and expiry checked. */
  credentials?: FakeS3Credentials
}

/** What S3 lets a presigned GET ask it to answer with, in place of the object's stored headers. */
const RESPONSE_OVERRIDES = {
  'response-cache-control': 'cache-control',
  'response-content-disposition': 'content-disposition',
}

/**
 * Just enough of the S3 REST API (path-style PUT, GET with a single Range, DELETE, NoSuchKey) to
 * test the S3 storage offline. A request signed in its header is only checked to be signed (the
 * SigV4 header is there), not the signature itself. A presigned GET (query authentication) is
 * checked in full when the fake is given the keys: signature, key id and expiry, as S3 does
 * (fake-s3-presigned.ts), and its response-* overrides are applied; refused (403) otherwise.
 */
export async function startFakeS3Server({ credentials }: FakeS3Options = {}): Promise<FakeS3Server> {
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  const requests: FakeS3Request[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake-s3')
      const path = decodeURIComponent(url.pathname).replace(/^\//, '')
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
      })
      const presigned = req.method === 'GET' && isPresigned(url)
      if (presigned) {
        const refusal = credentials
          ? presignedRefusal('GET', req.url ?? '/', req.headers.host, credentials)
          : 'unknown-key'
        if (refusal) return error(res, 403, 'AccessDenied')
      } else if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) return error(res, 403, 'AccessDenied')
      if (req.method === 'PUT') {
        objects.set(path, {
          body: Buffer.concat(chunks),
          contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        })
        res.writeHead(200, { etag: '"fake"' })
        return void res.end()
      }
      if (req.method === 'DELETE') {
        objects.delete(path)
        res.writeHead(204)
        return void res.end()
      }
      if (req.method === 'GET') {
        const object = objects.get(path)
        if (!object) return error(res, 404, 'NoSuchKey')
        const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '')
        if (range) {
          const start = Number(range[1])
          const end = Math.min(Number(range[2]), object.body.length - 1)
          res.writeHead(206, {
            'content-type': object.contentType,
            'content-length': end - start + 1,
            'content-range': `bytes ${start}-${end}/${object.body.length}`,
          })
          return void res.end(object.body.subarray(start, end + 1))
        }
        const overrides = presigned ? responseOverrides(url) : {}
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length, ...overrides })
        return void res.end(object.body)
      }
      error(res, 405, 'MethodNotAllowed')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function responseOverrides(url: URL): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [parameter, header] of Object.entries(RESPONSE_OVERRIDES)) {
    const value = url.searchParams.get(parameter)
    if (value !== null) headers[header] = value
  }
  return headers
}

function error(res: ServerResponse, status: number, code: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code>` +
      `<Message>${code}</Message><RequestId>fake</RequestId></Error>`,
  )
}
