import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import type { CatalogueCache } from '@promptly/api/caching/catalogue-cache'
import type { Context } from '@promptly/api/context'
import { createCaller } from '@promptly/api/root'
import { ALL_TOOLS } from '@promptly/core/catalogue/labels'

import { ResponseStore } from '../caching/response-store.ts'
import { encodeOnce, sendEncoded } from '../plugins/compression.ts'

/** The public pages besides the tools' own (signed-in pages are neither listed nor crawled). */
const PUBLIC_PAGES = ['/', '/plan', '/about', '/blog', '/contact', '/privacy', '/terms', '/transaction']
/** Pages for a signed-in user, and the API: nothing there for a crawler. */
const NOT_CRAWLED = ['/api/', '/trpc/', '/profile', '/history', '/admin', '/form', '/checkout/', '/login']
/** Crawlers read these at their own pace; a catalogue change drops the stored sitemap at once. */
const SITEMAP_MAX_AGE_S = 300
const ROBOTS_MAX_AGE_S = 3600

export interface SitemapDeps {
  /** The web build: a robots.txt or sitemap.xml of its own is served as it is instead. */
  distDir: string
  appUrl: string
  /** The instance's catalogue cache: its invalidations drop the stored sitemap. */
  catalogue: Pick<CatalogueCache, 'onInvalidate'>
  /** A signed-out caller's context: the sitemap lists what everyone may see. */
  publicContext: (req: FastifyRequest) => Context
}

/**
 * /sitemap.xml (the public pages and every published tool, as the signed-out catalogue lists them:
 * never a personal tool) and /robots.txt (everything allowed but the API and signed-in pages, and
 * where the sitemap is). Both made once, compressed once, and kept until the catalogue changes.
 */
export function registerSitemapAndRobots(app: FastifyInstance, deps: SitemapDeps): void {
  const store = new ResponseStore()
  const stopListening = deps.catalogue.onInvalidate(() => store.clear())
  app.addHook('onClose', async () => stopListening())

  const send = async (reply: FastifyReply, req: FastifyRequest, key: string, make: () => Promise<string>) => {
    const generation = store.generation
    const stored = await store.fetch(key, async () => {
      const body = Buffer.from(await make())
      const encoded = await encodeOnce(body)
      return generation === store.generation ? { body, contentType: contentTypeOf(key), encoded } : undefined
    })
    const answer = stored ?? { body: Buffer.from(await make()), contentType: contentTypeOf(key), encoded: {} }
    const maxAge = key === '/sitemap.xml' ? SITEMAP_MAX_AGE_S : ROBOTS_MAX_AGE_S
    reply.header('content-type', answer.contentType).header('cache-control', `public, max-age=${maxAge}`)
    return sendEncoded(reply, req.headers['accept-encoding'], answer.body, answer.encoded ?? {})
  }

  const built = (file: string) => existsSync(path.join(deps.distDir, file))
  if (!built('sitemap.xml')) {
    app.get('/sitemap.xml', (req, reply) => send(reply, req, '/sitemap.xml', () => sitemapXml(deps, req)))
  }
  if (!built('robots.txt')) {
    app.get('/robots.txt', (req, reply) => send(reply, req, '/robots.txt', async () => robotsTxt(deps.appUrl)))
  }
}

function contentTypeOf(key: string): string {
  return key.endsWith('.xml') ? 'application/xml; charset=utf-8' : 'text/plain; charset=utf-8'
}

async function sitemapXml(deps: SitemapDeps, req: FastifyRequest): Promise<string> {
  const tools = await createCaller(deps.publicContext(req)).tools.byCategory({ category: ALL_TOOLS })
  const urls = [
    ...PUBLIC_PAGES.map((page) => `${deps.appUrl}${page}`),
    ...tools.map((tool) => `${deps.appUrl}/generate?id=${encodeURIComponent(tool.id)}`),
  ]
  const entries = urls.map((url) => `  <url><loc>${escapeXml(url)}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${entries}
</urlset>
`
}

function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...NOT_CRAWLED.map((path) => `Disallow: ${path}`),
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n')
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
}
