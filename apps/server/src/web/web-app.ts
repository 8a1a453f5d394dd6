import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

import { toLegacyError } from '../rest/envelope.ts'
import { isApiPath } from '../rest/legacy-api-paths.ts'
import { registerBadAddressPage } from './bad-address-page.ts'
import { loadServerRendering, SERVER_RENDERED_PATHS, type ServerRenderingDeps } from './server-rendering.ts'
import { registerSitemapAndRobots, type SitemapDeps } from './sitemap.ts'

/** What the web build writes beside each text file (build-tools/precompress.ts), by encoding. */
const COMPRESSED_SIBLINGS = /\.(br|gz)$/

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached, and every
 * other GET for a page answered with index.html so client-side routes survive a reload.
 * Unknown API paths answer a JSON 404 instead.
 *
 * Text files go out as the brotli or gzip sibling the build wrote (br > gzip > the file itself, by
 * Accept-Encoding, with Vary: Accept-Encoding), so nothing is compressed per request; the SPA
 * fallback's index.html too.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  rendering?: Omit<ServerRenderingDeps & SitemapDeps, 'distDir'>,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html')
  const hasWebApp = existsSync(indexFile)
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The siblings are reached through their original's URL, never by their own.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(res, filePath) {
        res.header('cache-control', cacheControlFor(filePath, indexFile))
        // Over the hook's same-origin policy: the reply's headers are written last.
        if (isEmbeddablePublicFile(filePath, distDir)) res.header('cross-origin-resource-policy', 'cross-origin')
      },
    })
  } else {
    app.log.warn({ distDir }, 'web app not built: pages are not served (run `npm run build` with the same NODE_ENV)')
  }

  if (rendering) registerSitemapAndRobots(app, { ...rendering, distDir })

  // The public pages arrive rendered (apps/web/src/ssr), as routes of their own so that dynamic
  // compression applies to them; without the server build they are client-rendered like the rest.
  const serverRendering = hasWebApp && rendering ? await loadServerRendering({ ...rendering, distDir }) : null
  registerBadAddressPage(app, serverRendering?.respondWithErrorPage ?? null)
  if (serverRendering) {
    const { respondWithPage } = serverRendering
    for (const pagePath of SERVER_RENDERED_PATHS) {
      app.get(pagePath, async (req, reply) => {
        try {
          if (await respondWithPage(req, reply)) return reply
        } catch (err) {
          // A page that fails to render still works: the browser renders it, as before the server did.
          req.log.error({ err, url: req.url }, 'server rendering failed; sending the client-rendered page')
        }
        return reply.sendFile('index.html')
      })
    }
  }

  app.setNotFoundHandler((req, reply) => {
    const pathname = decodedPathname(req.url)
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isApiPath(pathname)
    if (wantsPage && hasWebApp && !path.extname(pathname)) {
      return reply.sendFile('index.html')
    }
    const { body } = toLegacyError({ statusCode: 404 })
    return reply.status(404).send(body)
  })
}

/**
 * The path as the router matched it: `/%61pi/v1/x` is an API path, as it is to the rate limit and
 * the routes. Undecodable escapes never get here (the router answers them with a 400 first, or
 * bad-address-page.ts does for a browser's page).
 */
function decodedPathname(url: string): string {
  const raw = url.split('?')[0] ?? ''
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

/** Images a page elsewhere may show: a tool's logo in a legacy answer, the favicon. */
const EMBEDDABLE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico'])

/**
 * The public files another site may embed (Cross-Origin-Resource-Policy: cross-origin): the images
 * of the web app's public folder (`/logos/*`, the favicon), which legacy answers link to absolutely
 * so that a script's page shows them. Everything else the app serves, its pages, scripts and
 * styles, keeps the same-origin policy every answer carries.
 */
export function isEmbeddablePublicFile(sentPath: string, distDir: string): boolean {
  const filePath = sentPath.replace(COMPRESSED_SIBLINGS, '')
  const relative = path.relative(distDir, filePath)
  const inBuildAssets = relative.split(path.sep)[0] === 'assets'
  return !inBuildAssets && EMBEDDABLE_EXTENSIONS.has(path.extname(filePath).toLowerCase())
}

/**
 * index.html names the hashed assets of one build, so a browser must revalidate it on every visit
 * or it would ask for assets a newer deployment no longer has.
 */
function cacheControlFor(sentPath: string, indexFile: string): string {
  // The path of the file sent, which is the compressed sibling when one was chosen.
  const filePath = sentPath.replace(COMPRESSED_SIBLINGS, '')
  if (filePath === indexFile) return 'no-cache'
  if (filePath.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable'
  return 'public, max-age=300'
}
