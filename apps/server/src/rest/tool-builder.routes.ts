import { z } from 'zod'

import { adminCreateTool } from '@promptly/api/admin/tools-create.handler'
import { adminDeleteTool } from '@promptly/api/admin/tools-delete.handler'
import { adminUpdateTool } from '@promptly/api/admin/tools-update.handler'
import {
  ADMIN_REASON_MAX_LENGTH,
  ADMIN_REASON_MIN_LENGTH,
  adminReason,
  builtToolIdInput,
  builtToolInput,
} from '@promptly/api/tool-builder/tool-builder.schema'
import { MESSAGES } from '@promptly/core/messages'

import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import type { CallerRule } from './rest-caller.ts'
import type { RestScope } from './rest-scope.ts'

const tags = ['Tool-builder']

/**
 * The builder writes the catalogue: admins only, with a session. An API key never has admin rights,
 * so it is refused outright, a non-admin is refused before the body is read, and `?clerkId=` is not
 * read (an admin builds as themselves). The handlers check for an admin again (requireAdmin), the
 * same whichever door a call comes through.
 */
const CATALOGUE_BUILDER: CallerRule = {
  signedOut: MESSAGES.loginToContinue,
  clerkId: 'ignored',
  refuseApiKeys: 'The tool-builder needs a signed-in session, not an API key',
  admin: MESSAGES.cannotAccess,
}

/** The body is the builder form itself, so the reason travels in the query, for the delete too. */
const reasonQuery = z.object({
  reason: adminReason
    .optional()
    .describe(
      `Why the admin reaches a user's private tool (${ADMIN_REASON_MIN_LENGTH} to ${ADMIN_REASON_MAX_LENGTH} ` +
        'characters, audited); without one such a tool is a 404. Catalogue tools need none.',
    ),
})

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
        summary: 'Admins: create a catalogue tool (published at once; audited)',
        description: BODY_NOTE,
        body: builtToolInput,
        response: legacyResponses({ 201: legacySchema.created.inMessage(legacyToolRef) }),
      },
    },
    async (req, reply) => {
      const { id } = await adminCreateTool({ ctx: req.caller, input: req.body })
      return reply.status(201).send(legacy.created.inMessage({ _id: id, id }))
    },
  )

  app.put(
    '/objects/updateObject/:id',
    {
      config: { caller: CATALOGUE_BUILDER },
      schema: {
        tags,
        summary: 'Admins: rewrite a tool (owner and catalogue state stay; audited); the body of addObjectOnce',
        description: BODY_NOTE,
        params: builtToolIdInput,
        querystring: reasonQuery,
        body: builtToolInput,
        response: legacyResponses({ 200: legacySchema.inMessage(legacyToolRef) }),
      },
    },
    async (req) => {
      const input = { id: req.params.id, tool: req.body, reason: req.query.reason }
      const { id } = await adminUpdateTool({ ctx: req.caller, input })
      return legacy.inMessage({ _id: id, id })
    },
  )
}

/** The builder's delete: unprefixed as the legacy client called it (legacy-api-paths.ts), and under both bases. */
export function registerTemplatesDeleteRoute(app: RestScope): void {
  app.delete(
    '/templates/delete/:id',
    {
      config: { caller: CATALOGUE_BUILDER },
      schema: {
        tags,
        summary: 'Admins: delete a tool (its bookmarks go with it; generations stay in history; audited)',
        params: builtToolIdInput,
        querystring: reasonQuery,
        response: legacyResponses({
          200: legacySchema.inMessage(legacyToolRef.extend({ deleted: z.literal(true) })),
        }),
      },
    },
    async (req) => {
      const input = { id: req.params.id, reason: req.query.reason }
      const { id, deleted } = await adminDeleteTool({ ctx: req.caller, input })
      return legacy.inMessage({ _id: id, id, deleted })
    },
  )
}
