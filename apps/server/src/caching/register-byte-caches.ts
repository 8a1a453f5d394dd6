import type { FastifyInstance } from 'fastify'

import type { Caches } from '@promptly/api/caching/caches'

import type { IdentityProvider } from '../identity/identity-provider.ts'
import type { SecurityHeaders } from '../plugins/security-header-set.ts'
import type { LegacyUrls } from '../rest/legacy-tool.ts'
import { ListAnswers } from './list-answers.ts'
import { registerListFastPath } from './list-fast-path.ts'
import { PageStore } from './page-store.ts'
import { registerPublicResponseCache } from './public-response-cache.ts'

export interface ByteCacheDeps {
  /** The instance's data caches: the byte caches answer from them and are cleared with the catalogue. */
  caches: Pick<Caches, 'catalogue' | 'bookmarkSets'>
  identity: IdentityProvider
  securityHeaders: SecurityHeaders
  urls: LegacyUrls
}

/** The byte caches the app's later parts use: the REST door's list answers, the server-rendered pages. */
export interface ByteCaches {
  listAnswers: ListAnswers
  pages: PageStore
}

/**
 * The caches of finished bytes in front of the router, registered first of all hooks: a stored
 * public answer (public-response-cache.ts) and a list answered from the caches (list-fast-path.ts)
 * are as cheap as a static file, so like static files they skip the rate limit. They answer before
 * the security headers' hook, so they are handed the same set to send: every answer carries it,
 * cache hit or not. The public answers go first: a signed-out tRPC list is theirs.
 *
 * The page store is built here too, with the others cleared by a catalogue change, for the
 * server-rendered pages registered last (web/web-app.ts).
 */
export function registerByteCaches(app: FastifyInstance, { caches, identity, securityHeaders, urls }: ByteCacheDeps) {
  registerPublicResponseCache(app, caches.catalogue, { securityHeaders })
  const listAnswers = new ListAnswers()
  registerListFastPath(app, { caches, identity, securityHeaders, urls, answers: listAnswers })
  const pages = new PageStore()
  const stopClearingPages = pages.listenTo(caches.catalogue)
  app.addHook('onClose', async () => stopClearingPages())
  const byteCaches: ByteCaches = { listAnswers, pages }
  return byteCaches
}
