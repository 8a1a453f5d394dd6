import { listToolsByCategory } from '@promptly/api/tools/by-category.handler'
import { byCategoryInput } from '@promptly/api/tools/by-category.schema'
import { listCategories } from '@promptly/api/tools/categories.handler'
import { getTool } from '@promptly/api/tools/get.handler'
import { getToolInput } from '@promptly/api/tools/get.schema'
import { searchTools } from '@promptly/api/tools/search.handler'
import { searchInput } from '@promptly/api/tools/search.schema'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { legacy } from './envelope.ts'
import { legacyToolListAnswer, toLegacySimilarTool, toLegacyTool } from './legacy-tool.ts'
import type { RestDeps } from './register-rest.ts'
import { legacyIdentityQuery, optionalCaller } from './shared/legacy-identity.ts'

const categoryParams = z.object({ category: z.string() })
const searchParams = z.object({ searchText: z.string() })
const toolParams = z.object({ id: z.string() })
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/** The catalogue calls of the spec's call table; payloads in `message`. */
export function registerObjectsRoutes(app: FastifyInstance, { createContext, adminEmails }: RestDeps): void {
  app.get('/objects/getCategories', async (req) => legacy.inMessage(await listCategories({ ctx: await createContext(req) })))

  // Works signed out; a signed-in caller gets isBookmarked. The legacy identity query is accepted,
  // but clerkId must name the caller (see legacy-identity.ts).
  app.get('/objects/getObjectByLabel/:category', async (req, reply) => {
    const input = byCategoryInput.parse(categoryParams.parse(req.params))
    const query = legacyIdentityQuery.parse(req.query)
    const ctx = await optionalCaller(req, await createContext(req), query.clerkId, adminEmails)
    // Already JSON bytes (serialized once per cached list): Fastify sends a Buffer as it is.
    return reply.type(JSON_CONTENT_TYPE).send(legacyToolListAnswer(await listToolsByCategory({ ctx, input })))
  })

  app.get('/objects/searchObjects/:searchText', async (req) => {
    const input = searchInput.parse({ text: searchParams.parse(req.params).searchText })
    const query = legacyIdentityQuery.parse(req.query)
    const ctx = await optionalCaller(req, await createContext(req), query.clerkId, adminEmails)
    return legacy.inMessage((await searchTools({ ctx, input })).map(toLegacyTool))
  })

  // A search for nothing: the legacy client's `searchObjects/${text}` with empty text leaves no
  // segment for the route above. It finds nothing, as tools.search does for blank text; with
  // ignoreTrailingSlash this serves both `searchObjects` and `searchObjects/`.
  app.get('/objects/searchObjects', async () => legacy.inMessage([]))

  // An id that is not a UUID is a 400 here, before any query (never a database cast error).
  app.get('/objects/getObject/:id', async (req) => {
    const input = getToolInput.parse(toolParams.parse(req.params))
    const query = legacyIdentityQuery.parse(req.query)
    const ctx = await optionalCaller(req, await createContext(req), query.clerkId, adminEmails)
    const { tool, similar } = await getTool({ ctx, input })
    return legacy.inMessage({ object: toLegacyTool(tool), similarObject: similar.map(toLegacySimilarTool) })
  })
}
