import { badRequest } from '@promptly/core/errors/app-error'
import { Prisma } from '@promptly/db/generated/prisma/client'

import type { AuthedContext } from '../context.ts'
import { containsPattern, normalizeSearchText } from '../tools/search-pattern.ts'
import { DEFAULT_ORDER, encodeUsersCursor, type UsersListInput, type UsersListOutput } from './users-list.schema.ts'
import { selectAdminUsers } from './users-rows.ts'

/**
 * The admin console's user list, one page at a time, in one query (users-rows.ts): searched by
 * name, e-mail or clerkId (literal, case-insensitive) or by the exact account id, sorted by any
 * column with the id as tie-breaker. A cursor only continues the sort it was made for.
 */
export async function listUsers({
  ctx,
  input,
}: {
  ctx: AuthedContext
  input: UsersListInput
}): Promise<UsersListOutput> {
  const order = input.order ?? DEFAULT_ORDER[input.sort]
  const after = input.cursor ?? null
  if (after && (after.sort !== input.sort || after.order !== order)) {
    throw badRequest('This cursor belongs to another sort: start again from the first page')
  }
  const search = input.search ? normalizeSearchText(input.search) : null
  const where = search ? matching(search) : Prisma.sql`true`
  const rows = await selectAdminUsers(ctx.db, { where, sort: input.sort, order, after, limit: input.limit + 1 })
  const page = rows.slice(0, input.limit)
  const last = page.at(-1)
  return {
    users: page.map(({ row }) => row),
    nextCursor:
      rows.length > input.limit && last
        ? encodeUsersCursor({ sort: input.sort, order, key: last.key, id: last.row._id })
        : null,
  }
}

function matching(search: string): Prisma.Sql {
  const pattern = containsPattern(search)
  return Prisma.sql`(u.name ILIKE ${pattern} OR u.email ILIKE ${pattern} OR u.clerk_id ILIKE ${pattern}
    OR u.id::text = ${search.toLowerCase()})`
}
