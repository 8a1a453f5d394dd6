import type { AdminUserRow } from '@promptly/api/admin/admin-user-row.schema'
import { listUsers } from '@promptly/api/admin/users-list.handler'
import { USERS_LIST_MAX_LIMIT, usersListInput } from '@promptly/api/admin/users-list.schema'
import type { AuthedContext } from '@promptly/api/context'

/**
 * The accounts of the admin user list, newest first, read page after page of the same handler
 * (users.list: its rows, its lapsed-grant rule, its order): for the original console's calls, which
 * page by number and filter in ways the handler does not (by field, by credits). `search` narrows
 * what the handler reads (name, e-mail or clerkId containing it); `chunk` is how many rows each read asks for.
 */
export async function* adminUsersNewestFirst(
  ctx: AuthedContext,
  { search, chunk = USERS_LIST_MAX_LIMIT }: { search?: string; chunk?: number } = {},
): AsyncGenerator<AdminUserRow> {
  const limit = Math.min(Math.max(chunk, 1), USERS_LIST_MAX_LIMIT)
  let cursor: string | null = null
  do {
    const input = usersListInput.parse({ search, sort: 'joined', order: 'desc', cursor, limit })
    const page = await listUsers({ ctx, input })
    yield* page.users
    cursor = page.nextCursor
  } while (cursor !== null)
}

/** What the original's user search filtered on; an absent field does not filter. */
export interface LegacyUserFilter {
  /** Part of the name, any case. */
  name?: string
  /** Part of the e-mail address, any case. */
  email?: string
  /** Credits left at least this. */
  creditsAtLeast?: number
  /** Credits left at most this. */
  creditsAtMost?: number
}

/**
 * The original's rule: the name or the e-mail matches (either, when both are given), and the credits
 * left lie within the bounds, both included. Text matches literally, in any case (the original read
 * them as regular expressions, which a user's text is not).
 */
export function matchesLegacyFilter(row: AdminUserRow, filter: LegacyUserFilter): boolean {
  const texts = [
    [filter.name, row.name],
    [filter.email, row.email],
  ].filter((pair): pair is [string, string] => pair[0] !== undefined)
  const textMatches = texts.length === 0 || texts.some(([needle, value]) => contains(value, needle))
  const { creditsAtLeast = -Infinity, creditsAtMost = Infinity } = filter
  return textMatches && row.current_limit >= creditsAtLeast && row.current_limit <= creditsAtMost
}

/** The one text the handler can narrow the walk by: only when a single text field is given. */
export function handlerSearchOf(filter: LegacyUserFilter): string | undefined {
  if (filter.name !== undefined && filter.email === undefined) return filter.name
  if (filter.email !== undefined && filter.name === undefined) return filter.email
  return undefined
}

function contains(value: string, needle: string): boolean {
  return fold(value).includes(fold(needle))
}

function fold(text: string): string {
  return text.trim().normalize('NFC').toLowerCase()
}
