import { z } from 'zod'

import type { AdminUserRow } from '@promptly/api/admin/admin-user-row.schema'
import { USERS_LIST_MAX_LIMIT } from '@promptly/api/admin/users-list.schema'
import type { AuthedContext } from '@promptly/api/context'
import { purchaseHistoriesOf } from '@promptly/api/payments/history.handler'
import { noControlCharacters } from '@promptly/core/text/control-characters'

import {
  adminUsersNewestFirst,
  handlerSearchOf,
  matchesLegacyFilter,
  type LegacyUserFilter,
} from './admin-user-walk.ts'
import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import { legacyUserPageSchema, toLegacyAdminUser, type LegacyUserPage } from './legacy-admin-user.ts'
import type { RestScope } from './rest-scope.ts'
import { ADMIN_ONLY, adminCaller } from './shared/admin-caller.ts'
import { legacyIdentityQuery } from './shared/legacy-identity.ts'

const tags = ['Admin']
/** The original's page size when none was asked for. */
const DEFAULT_PAGE_SIZE = 10
const MAX_PAGE = 100_000

const pageQuery = {
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(USERS_LIST_MAX_LIMIT)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`Users per page: ${DEFAULT_PAGE_SIZE} by default, at most ${USERS_LIST_MAX_LIMIT}`),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1).describe('1 for the first page'),
}

/** The console sent its empty fields too (`email=`): empty is no filter, as it was. */
const filterText = z
  .string()
  .trim()
  .max(200)
  .check(noControlCharacters('A search must be a single line of text'))
  .optional()
  .transform((text) => (text === '' ? undefined : text))

const creditBound = z
  .string()
  .trim()
  .regex(/^(-?\d{1,9}(\.\d+)?)?$/, 'Enter a number')
  .optional()
  .transform((text) => (text === undefined || text === '' ? undefined : Number(text)))

const allQuery = legacyIdentityQuery.extend(pageQuery)
const searchQuery = legacyIdentityQuery.extend({
  ...pageQuery,
  name: filterText.describe('Part of the name, any case (with email: either matches)'),
  email: filterText.describe('Part of the e-mail address, any case (with name: either matches)'),
  creditGreaterThan: creditBound.describe('(sic) Credits left at least this'),
  creditLessThan: creditBound.describe('(sic) Credits left at most this'),
})

const pageAnswer = legacyResponses({ 200: legacySchema.inData(legacyUserPageSchema) })

/**
 * The original admin console's later calls (its client called them on /api/v2): every user, or the
 * users a search finds, a numbered page at a time, newest first, with the counts its pager read.
 * Over the admin user list's own handler (admin-user-walk.ts); admins with a session only.
 */
export function registerAdminUserPagesRoutes(app: RestScope): void {
  app.get(
    '/admin/all',
    {
      config: { caller: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Admins: every account, newest first, a numbered page at a time, with its purchases',
        querystring: allQuery,
        response: pageAnswer,
      },
    },
    async (req) => {
      const ctx = adminCaller(req.caller)
      const { limit, page } = req.query
      const rows: AdminUserRow[] = []
      for await (const row of adminUsersNewestFirst(ctx, { chunk: page * limit })) {
        rows.push(row)
        if (rows.length === page * limit) break
      }
      const userCount = await ctx.db.user.count()
      return legacy.inData(await userPage(ctx, rows.slice((page - 1) * limit), { userCount, limit, page }))
    },
  )

  app.get(
    '/admin/search',
    {
      config: { caller: ADMIN_ONLY },
      schema: {
        tags,
        summary: 'Admins: the accounts whose name or e-mail matches, within a range of credits left, paged',
        querystring: searchQuery,
        response: pageAnswer,
      },
    },
    async (req) => {
      const ctx = adminCaller(req.caller)
      const { limit, page, name, email, creditGreaterThan, creditLessThan } = req.query
      const filter: LegacyUserFilter = { name, email, creditsAtLeast: creditGreaterThan, creditsAtMost: creditLessThan }
      const first = (page - 1) * limit
      const rows: AdminUserRow[] = []
      let userCount = 0
      // Every match is counted (the pager shows the total); only the asked page is kept.
      for await (const row of adminUsersNewestFirst(ctx, { search: handlerSearchOf(filter) })) {
        if (!matchesLegacyFilter(row, filter)) continue
        if (userCount >= first && rows.length < limit) rows.push(row)
        userCount += 1
      }
      return legacy.inData(await userPage(ctx, rows, { userCount, limit, page }))
    },
  )
}

async function userPage(
  ctx: AuthedContext,
  rows: readonly AdminUserRow[],
  { userCount, limit, page }: Omit<LegacyUserPage, 'users' | 'numberOfPages'>,
): Promise<LegacyUserPage> {
  const histories = await purchaseHistoriesOf(
    ctx.db,
    rows.map((row) => row._id),
  )
  return {
    users: rows.map((row) => toLegacyAdminUser(row, histories.get(row._id) ?? [])),
    numberOfPages: Math.ceil(userCount / limit),
    userCount,
    limit,
    page,
  }
}
