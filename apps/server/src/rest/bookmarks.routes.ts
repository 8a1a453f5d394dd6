import { z } from 'zod'

import { flipLegacyBookmark } from '@promptly/api/bookmarks/legacy-flip.handler'
import { legacyFlipInput, legacyFlipOutput } from '@promptly/api/bookmarks/legacy-flip.schema'
import { listBookmarks } from '@promptly/api/bookmarks/list.handler'
import { MESSAGES } from '@promptly/core/messages'

import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import { toLegacyToolList } from './legacy-tool-list.ts'
import { legacyToolSchema, type LegacyUrls } from './legacy-tool.ts'
import { CALLERS, signedInCaller } from './rest-caller.ts'
import type { RestScope } from './rest-scope.ts'
import { legacyIdentityQuery } from './shared/legacy-identity.ts'

const tags = ['Bookmarks']

/**
 * The bookmark calls (spec: {bookmarksApi}); payloads in `data`. Signed out: 401 with the spec's
 * words for each call, whatever the input (the caller is checked first).
 */
export async function registerBookmarksRoutes(app: RestScope, urls: LegacyUrls): Promise<void> {
  // Encapsulated, so the body rule below applies to these routes only.
  await app.register(async (scope: RestScope) => {
    // The toggle is sent with an empty body, sometimes still labelled JSON; Fastify would answer that
    // with a 400 (empty JSON body). These routes read no body, so whatever was sent is ignored.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 }, (_req, _body, done) =>
      done(null, undefined),
    )

    scope.get(
      '/bookmarks',
      {
        config: { caller: CALLERS.signedIn(MESSAGES.signInToViewBookmarks) },
        schema: {
          tags,
          summary: "The caller's bookmarked tools, newest first",
          querystring: legacyIdentityQuery,
          response: legacyResponses({ 200: legacySchema.inData(z.array(legacyToolSchema)) }),
        },
      },
      async (req) => {
        const ctx = signedInCaller(req.caller)
        return legacy.inData(await toLegacyToolList(ctx.db, await listBookmarks({ ctx }), urls))
      },
    )

    // Lower case, as the catalogue's ids: the answer echoes the id as the lists show it.
    scope.post(
      '/bookmarks/add-remove/:toolId',
      {
        config: { caller: CALLERS.signedIn(MESSAGES.signInToBookmark) },
        schema: {
          tags,
          summary: 'Flips the bookmark on a tool; answers the state now stored',
          params: legacyFlipInput,
          querystring: legacyIdentityQuery,
          response: legacyResponses({ 200: legacySchema.inData(legacyFlipOutput) }),
        },
      },
      async (req) => {
        const result = await flipLegacyBookmark({ ctx: signedInCaller(req.caller), input: req.params })
        return legacy.inData(result, result.bookmarked ? MESSAGES.bookmarkAdded : MESSAGES.bookmarkRemoved)
      },
    )
  })
}
