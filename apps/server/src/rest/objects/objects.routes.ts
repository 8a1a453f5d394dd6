import { z } from 'zod'

import { categoryWithBookmarks } from '@promptly/api/tools/by-category.handler'
import { byCategoryInput } from '@promptly/api/tools/by-category.schema'
import { listCategories } from '@promptly/api/tools/categories.handler'
import { categoriesOutput } from '@promptly/api/tools/categories.schema'
import { getTool } from '@promptly/api/tools/get.handler'
import { getToolInput } from '@promptly/api/tools/get.schema'
import { searchTools } from '@promptly/api/tools/search.handler'
import { searchInput } from '@promptly/api/tools/search.schema'

import type { ListAnswers } from '../../caching/list-answers.ts'
import { legacy, legacyResponses, legacySchema } from '../envelope.ts'
import { toLegacyToolList } from '../legacy-tool-list.ts'
import {
  legacySimilarToolSchema,
  legacyToolDetailSchema,
  legacyToolSchema,
  toLegacySimilarTool,
  toLegacyTool,
  type LegacyUrls,
} from '../legacy-tool.ts'
import { CALLERS } from '../rest-caller.ts'
import type { RestScope } from '../rest-scope.ts'
import { legacyIdentityQuery } from '../shared/legacy-identity.ts'
import { registerGetResponseOfObject } from './get-response-of-object.ts'

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'
const tags = ['Catalogue']
const legacyToolList = legacySchema.inMessage(z.array(legacyToolSchema))

/**
 * Every /objects call of the spec's call table: the catalogue (payloads in `message`; they work
 * signed out, and a signed-in caller gets isBookmarked) and the generation, getResponseOfObject.
 */
export function registerObjectsRoutes(app: RestScope, urls: LegacyUrls, listAnswers: ListAnswers): void {
  registerCategoryRoutes(app, urls, listAnswers)
  registerSearchRoutes(app, urls)
  registerToolRoute(app, urls)
  registerGetResponseOfObject(app)
}

/** The categories in use, and one category's tools. */
function registerCategoryRoutes(app: RestScope, urls: LegacyUrls, listAnswers: ListAnswers): void {
  app.get(
    '/objects/getCategories',
    {
      config: { caller: CALLERS.anyone },
      schema: {
        tags,
        summary: 'Categories in use, All Tools first',
        response: legacyResponses({ 200: legacySchema.inMessage(categoriesOutput) }),
      },
    },
    async (req) => legacy.inMessage(await listCategories({ ctx: req.caller })),
  )

  app.get(
    '/objects/getObjectByLabel/:category',
    {
      config: { caller: CALLERS.anyoneAsClaimed },
      schema: {
        tags,
        summary: 'The tools of one category',
        params: byCategoryInput,
        querystring: legacyIdentityQuery,
        response: legacyResponses({ 200: legacyToolList }),
      },
    },
    async (req, reply) => {
      // The JSON bytes of this answer: the shared list's, serialized once, with the caller's bookmarks
      // written in (caching/list-answers.ts). Fastify sends a Buffer as it is, past the serializer, so
      // the schema's answer type does not describe it.
      const { list, bookmarked } = await categoryWithBookmarks({ ctx: req.caller, input: req.params })
      const bytes: unknown = listAnswers.forCaller(listAnswers.of(list, 'rest', urls), bookmarked)
      return reply.type(JSON_CONTENT_TYPE).send(bytes as z.output<typeof legacyToolList>)
    },
  )
}

/** Search by text, and the empty search the legacy client sends for blank text. */
function registerSearchRoutes(app: RestScope, urls: LegacyUrls): void {
  // The param is named as tools.search's input, so a refusal names `text` as it always did.
  app.get(
    '/objects/searchObjects/:text',
    {
      config: { caller: CALLERS.anyoneAsClaimed },
      schema: {
        tags,
        summary: 'Search by name, tagline and labels (the text may be sent without URL-encoding)',
        params: searchInput,
        querystring: legacyIdentityQuery,
        response: legacyResponses({ 200: legacyToolList }),
      },
    },
    async (req) => {
      const cards = await searchTools({ ctx: req.caller, input: req.params })
      return legacy.inMessage(await toLegacyToolList(req.caller.db, cards, urls))
    },
  )

  // A search for nothing: the legacy client's `searchObjects/${text}` with empty text leaves no
  // segment for the route above. It finds nothing, as tools.search does for blank text; with
  // ignoreTrailingSlash this serves both `searchObjects` and `searchObjects/`.
  app.get(
    '/objects/searchObjects',
    {
      config: { caller: CALLERS.anyone },
      schema: {
        tags,
        summary: 'A search for nothing: always an empty list',
        response: legacyResponses({ 200: legacyToolList }),
      },
    },
    async () => legacy.inMessage([]),
  )
}

/** One tool and the tools like it. */
function registerToolRoute(app: RestScope, urls: LegacyUrls): void {
  // An id that is not a UUID is a 400 here, before any query (never a database cast error).
  app.get(
    '/objects/getObject/:id',
    {
      config: { caller: CALLERS.anyoneAsClaimed },
      schema: {
        tags,
        summary: 'One tool with up to 5 similar tools',
        params: getToolInput,
        querystring: legacyIdentityQuery,
        response: legacyResponses({
          200: legacySchema.inMessage(
            z.object({ object: legacyToolDetailSchema, similarObject: z.array(legacySimilarToolSchema) }),
          ),
        }),
      },
    },
    async (req) => {
      const { tool, similar } = await getTool({ ctx: req.caller, input: req.params })
      return legacy.inMessage({
        object: toLegacyTool(tool, urls),
        similarObject: similar.map((one) => toLegacySimilarTool(one, urls)),
      })
    },
  )
}
