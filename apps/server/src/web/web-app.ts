import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { isApiPath } from '../app.ts'
import { toLegacyError } from '../rest/envelope.ts'

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET for a page answered with index.html so client-side routes survive a reload.
 * Unknown API paths answer a JSON 404 instead.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html')
  const hasWebApp = existsSync(indexFile)
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      },
    })
  } else {
    app.log.warn({ distDir }, 'web app not built: pages are not served (run `npm run build`)')
  }

  app.setNotFoundHandler((req, reply) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(req.url)
    if (wantsPage && hasWebApp && !path.extname(req.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html')
    }
    const { body } = toLegacyError({ statusCode: 404 })
    return reply.status(404).send(body)
  })
}
