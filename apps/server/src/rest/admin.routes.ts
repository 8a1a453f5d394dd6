import { z } from 'zod'

import { adminUserRow } from '@promptly/api/admin/admin-user-row.schema'
import { adminGrantCredits } from '@promptly/api/admin/credits-grant.handler'
import { adminNote, creditsGrantInput, creditsGrantOutput } from '@promptly/api/admin/credits-grant.schema'
import { USER_NOT_FOUND } from '@promptly/api/admin/users-detail.handler'
import { listUsers } from '@promptly/api/admin/users-list.handler'
import {
  SORT_ORDERS,
  USER_SORTS,
  USERS_LIST_MAX_LIMIT,
  usersCursor,
  usersListInput,
} from '@promptly/api/admin/users-list.schema'
import type { AuthedContext } from '@promptly/api/context'
import { notFound } from '@promptly/core/errors/app-error'
import { MESSAGES } from '@promptly/core/messages'

import { registerAdminUserPagesRoutes } from './admin-user-pages.routes.ts'
import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import type { RestScope } from './rest-scope.ts'
import { ADMIN_ONLY, adminCaller } from './shared/admin-caller.ts'
import { clerkIdQuery, legacyIdentityQuery } from './shared/legacy-identity.ts'

const tags = ['Admin']

/** The legacy client sent the dialog's number fields as numbers or as their text. */
const wholeNumberField = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'Enter a whole number')
    .transform(Number),
])

const usersQuery = legacyIdentityQuery.extend({
  search: usersListInput.shape.search,
  sort: z.enum(USER_SORTS).optional().describe('joined (default), name, email, credits or lastActive'),
  order: z.enum(SORT_ORDERS).optional().describe("asc or desc; each sort's natural order by default"),
  cursor: usersCursor.optional().describe("The previous answer's nextCursor, with the same sort and order"),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(USERS_LIST_MAX_LIMIT)
    .optional()
    .describe(`At most ${USERS_LIST_MAX_LIMIT}`),
})

const usersAnswer = legacySchema
  .inData(z.array(adminUserRow))
  .extend({ nextCursor: z.string().optional().describe('Pass back as cursor for the next page; absent on the last') })

const addCreditBody = z.object({
  userId: clerkIdQuery.describe("The account's id (_id) or its clerkId"),
  credit: wholeNumberField.pipe(creditsGrantInput.shape.credits),
  days: wholeNumberField.pipe(creditsGrantInput.shape.days).describe('How long the credits last from now'),
  note: adminNote,
})

/** The admin console's legacy calls: the user list and the manual top-up, over the tRPC handlers. */
export function registerAdminRoutes(app: RestScope): void {
  app.get(
    '/user/get/all',
    {
      config: { caller: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Admins: every account (newest first by default), with paging, search and sort',
        querystring: usersQuery,
        response: legacyResponses({ 200: usersAnswer }),
      },
    },
    async (req) => {
      const { search, sort = 'joined', order, cursor, limit = USERS_LIST_MAX_LIMIT } = req.query
      const page = await listUsers({ ctx: adminCaller(req.caller), input: { search, sort, order, cursor, limit } })
      return { ...legacy.inData(page.users), ...(page.nextCursor !== null && { nextCursor: page.nextCursor }) }
    },
  )

  app.post(
    '/admin/addCreditManual',
    {
      config: { caller: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Admins: grants credits to an account, expiring after the days given (audited)',
        querystring: legacyIdentityQuery,
        body: addCreditBody,
        response: legacyResponses({ 200: legacySchema.inData(creditsGrantOutput) }),
      },
    },
    async (req) => {
      const ctx = adminCaller(req.caller)
      const userId = await accountId(ctx, req.body.userId)
      const { credit: credits, days, note } = req.body
      return legacy.inData(
        await adminGrantCredits({ ctx, input: { userId, credits, days, note } }),
        MESSAGES.creditsAdded,
      )
    },
  )

  registerAdminUserPagesRoutes(app)
}

/** The legacy list showed both ids: the dialog may send either. */
async function accountId(ctx: AuthedContext, userId: string): Promise<string> {
  const byId = z.uuid().safeParse(userId).success
  const user = await ctx.db.user.findUnique({
    where: byId ? { id: userId.toLowerCase() } : { clerkId: userId },
    select: { id: true },
  })
  if (!user) throw notFound(USER_NOT_FOUND)
  return user.id
}
