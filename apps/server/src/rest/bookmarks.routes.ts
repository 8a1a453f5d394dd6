import { listBookmarks } from '@promptly/api/bookmarks/list.handler'
import { toggleBookmark } from '@promptly/api/bookmarks/legacy-flip.handler'
import { toggleBookmarkInput } from '@promptly/api/bookmarks/legacy-flip.schema'
import { toolId } from '@promptly/api/tools/tool.schema'
import { MESSAGES } from '@promptly/core/messages'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { legacy } from './envelope.ts'
import { toLegacyTool } from './legacy-tool.ts'
import type { RestDeps } from './register-rest.ts'
import { legacyIdentityQuery, requireCaller, requireSignedIn } from './shared/legacy-identity.ts'

// Lower case, as the catalogue's ids: the answer echoes the id as the lists show it.
const toggleParams = z.object({ toolId })

/**
 * The bookmark calls (spec: {bookmarksApi}); payloads in `data`. Signed out: 401 with the spec's
 * words for each call, whatever the input (the caller is checked first).
 */
export async function registerBookmarksRoutes(app: FastifyInstance, { createContext, adminEmails }: RestDeps): Promise<void> {
  // Encapsulated, so the body rule below applies to these routes only.
  await app.register(async (scope) => {
    // The toggle is sent with an empty body, sometimes still labelled JSON; Fastify would answer that
    // with a 400 (empty JSON body). These routes read no body, so whatever was sent is ignored.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 }, (_req, _body, done) => done(null, undefined))

    scope.get('/bookmarks', async (req) => {
      const signedIn = requireSignedIn(await createContext(req), MESSAGES.signInToViewBookmarks)
      const query = legacyIdentityQuery.parse(req.query)
      const ctx = await requireCaller(req, signedIn, query.clerkId, adminEmails)
      return legacy.inData((await listBookmarks({ ctx })).map(toLegacyTool))
    })

    scope.post('/bookmarks/add-remove/:toolId', async (req) => {
      const signedIn = requireSignedIn(await createContext(req), MESSAGES.signInToBookmark)
      const input = toggleBookmarkInput.parse(toggleParams.parse(req.params))
      const query = legacyIdentityQuery.parse(req.query)
      const ctx = await requireCaller(req, signedIn, query.clerkId, adminEmails)
      const result = await toggleBookmark({ ctx, input })
      return legacy.inData(result, result.bookmarked ? MESSAGES.bookmarkAdded : MESSAGES.bookmarkRemoved)
    })
  })
}
