import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { fetchProviderImage, IMAGE_FETCH_MAX_BYTES } from './fetch-provider-image.ts'

let server: Server
let base: string

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/small.png') return void res.end(Buffer.from('tiny'))
    if (req.url === '/declared-huge.png') {
      res.writeHead(200, { 'content-length': String(IMAGE_FETCH_MAX_BYTES + 1) })
      return void res.write(Buffer.alloc(10))
    }
    if (req.url === '/endless.png') {
      // No declared length: chunks until the reader gives up.
      res.writeHead(200, { 'transfer-encoding': 'chunked' })
      const chunk = Buffer.alloc(1024 * 1024)
      const pump = () => {
        while (res.write(chunk)) {
          /* keep writing until the socket pushes back */
        }
      }
      res.on('drain', pump)
      return pump()
    }
    res.writeHead(404)
    res.end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
)

describe('fetchProviderImage', () => {
  it('downloads an image the provider linked to', async () => {
    expect(Buffer.from(await fetchProviderImage(`${base}/small.png`)).toString()).toBe('tiny')
  })

  it('refuses more than the size cap, declared or not', async () => {
    await expect(fetchProviderImage(`${base}/declared-huge.png`)).rejects.toMatchObject({
      code: 'unavailable',
      details: { providerCode: 'image_too_large' },
    })
    await expect(fetchProviderImage(`${base}/endless.png`)).rejects.toMatchObject({
      code: 'unavailable',
      details: { providerCode: 'image_too_large' },
    })
  })

  it('refuses other schemes and failed downloads as the provider being unavailable', async () => {
    await expect(fetchProviderImage('file:///etc/passwd')).rejects.toMatchObject({ code: 'unavailable' })
    await expect(fetchProviderImage('not a url')).rejects.toMatchObject({ code: 'unavailable' })
    await expect(fetchProviderImage(`${base}/missing.png`)).rejects.toMatchObject({
      code: 'unavailable',
      details: { status: 404 },
    })
  })

  it('stops when the caller goes away', async () => {
    const leaving = new AbortController()
    leaving.abort()
    await expect(fetchProviderImage(`${base}/small.png`, leaving.signal)).rejects.toMatchObject({ code: 'cancelled' })
  })
})
