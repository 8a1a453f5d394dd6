import { z } from 'zod'

import { adminCreateTool } from '@promptly/api/tool-builder/admin-create.handler'
import { adminDeleteTool } from '@promptly/api/tool-builder/admin-delete.handler'
import { adminUpdateTool } from '@promptly/api/tool-builder/admin-update.handler'
import { builtToolIdInput, builtToolInput } from '@promptly/api/tool-builder/tool-builder.schema'
import { MESSAGES } from '@promptly/core/messages'

import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import type { CallerRule } from './rest-caller.ts'
import type { RestScope } from './rest-scope.ts'

const tags = ['Tool-builder']

/**
 * The builder writes the catalogue: admins only, with a session. An API key never has admin rights,
 * so it is refused outright, and `?clerkId=` is not read (an admin builds as themselves). The admin
 * check itself is the handlers' own (requireAdmin), the same whichever door a call comes through.
 */
const CATALOGUE_BUILDER: CallerRule = {
  signedOut: MESSAGES.loginToContinue,
  clerkId: 'ignored',
  refuseApiKeys: 'The tool-builder needs a signed-in session, not an API key',
}

/** The legacy answers name the tool by its Mongo-era key, `_id` (= id). */
const legacyToolRef = z.object({ _id: z.string().describe('= id'), id: z.string() })

const BODY_NOTE =
  'The body is the builder form: name, accoName (unique), description, tagLine, labels (from the fixed list), ' +
  'logo (a listed icon or an http(s) URL; the legacy accoLogo is accepted and ignored), groupBy (one of the ' +
  "labels), groups (rows of elements; 'other' saves under its otherType, blank options are dropped, required " +
  'defaults to true) and faq. A taken accoName is a 409 that names it.'

/** The builder's legacy /objects calls, on /api/v1 and /api/v2: over the admin.tools handlers. */
export function registerToolBuilderObjectsRoutes(app: RestScope): void {
  app.post(
    '/objects/addObjectOnce',
    {
      config: { caller: CATALOGUE_BUILDER },
      schema: {
        tags,
        summary: 'Admins: create a catalogue tool (published at once)',
        description: BODY_NOTE,
        body: builtToolInput,
        response: legacyResponses({ 201: legacySchema.inMessage(legacyToolRef) }),
      },
    },
    async (req, reply) => {
      const { id } = await adminCreateTool({ ctx: req.caller, input: req.body })
      return reply.status(201).send(legacy.inMessage({ _id: id, id }))
    },
  )

  app.put(
    '/objects/updateObject/:id',
    {
      config: { caller: CATALOGUE_BUILDER },
      schema: {
        tags,
        summary: 'Admins: rewrite a tool (its owner and catalogue state stay); the same body as addObjectOnce',
        description: BODY_NOTE,
        params: builtToolIdInput,
        body: builtToolInput,
        response: legacyResponses({ 200: legacySchema.inMessage(legacyToolRef) }),
      },
    },
    async (req) => {
      const { id } = await adminUpdateTool({ ctx: req.caller, input: { id: req.params.id, tool: req.body } })
      return legacy.inMessage({ _id: id, id })
    },
  )
}

/** The builder's delete, unprefixed as the legacy client called it (legacy-api-paths.ts). */
export function registerTemplatesDeleteRoute(app: RestScope): void {
  app.delete(
    '/templates/delete/:id',
    {
      config: { caller: CATALOGUE_BUILDER },
      schema: {
        tags,
        summary: 'Admins: delete a tool (its bookmarks go with it; generations stay in history)',
        params: builtToolIdInput,
        response: legacyResponses({
          200: legacySchema.inMessage(legacyToolRef.extend({ deleted: z.literal(true) })),
        }),
      },
    },
    async (req) => {
      const { id, deleted } = await adminDeleteTool({ ctx: req.caller, input: req.params })
      return legacy.inMessage({ _id: id, id, deleted })
    },
  )
}
