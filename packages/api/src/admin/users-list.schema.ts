import { z } from 'zod'

import { noControlCharacters } from '@promptly/core/text/control-characters'

import { cursorInput, encodeCursor } from '../paging/opaque-cursor.ts'
import { adminUserRow } from './admin-user-row.schema.ts'

export const USERS_LIST_DEFAULT_LIMIT = 50
/** Large enough for the legacy GET /user/get/all, which asked for every user in one answer. */
export const USERS_LIST_MAX_LIMIT = 500
export const USERS_SEARCH_MAX_LENGTH = 200

export const USER_SORTS = ['joined', 'name', 'email', 'credits', 'lastActive'] as const
export type UserSort = (typeof USER_SORTS)[number]
export const SORT_ORDERS = ['asc', 'desc'] as const
export type SortOrder = (typeof SORT_ORDERS)[number]

/** The way each column reads naturally when no order is given: newest, A to Z, richest, latest seen. */
export const DEFAULT_ORDER: Record<UserSort, SortOrder> = {
  joined: 'desc',
  name: 'asc',
  email: 'asc',
  credits: 'desc',
  lastActive: 'desc',
}

/**
 * Where the previous page ended: the sort it was made for, and the last row's sort key (PostgreSQL's
 * own text of it; null for "never active") and id. The id breaks ties, so rows with equal keys are
 * neither repeated nor skipped.
 */
export interface UsersPosition {
  sort: UserSort
  order: SortOrder
  key: string | null
  id: string
}

const position = z.tuple([z.enum(USER_SORTS), z.enum(SORT_ORDERS), z.string().max(400).nullable(), z.uuid()])

const TIMESTAMP_TEXT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}$/
const INT_TEXT = /^-?\d{1,10}$/

/**
 * Whether a cursor's key is one this sort could have written: SQL casts it back to the sort's type,
 * so a forged key must be a 400 here, never a failed cast (a 500). Never-active is the only null.
 */
function keyFitsSort(sort: UserSort, key: string | null): boolean {
  if (key === null) return sort === 'lastActive'
  if (sort === 'joined' || sort === 'lastActive') return isTimestampText(key)
  if (sort === 'credits') return INT_TEXT.test(key) && Math.abs(Number(key)) <= 2 ** 31 - 1
  // PostgreSQL text cannot hold NUL; a stored name or address never does.
  return !key.includes('\u0000')
}

/** `YYYY-MM-DDTHH:MM:SS.ffffff` naming a real moment (no 30 February, no hour 24, no year 0). */
function isTimestampText(key: string): boolean {
  const fields = TIMESTAMP_TEXT.exec(key)?.slice(1).map(Number)
  if (!fields) return false
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0] = fields
  const at = new Date(0)
  at.setUTCFullYear(year, month - 1, day)
  at.setUTCHours(hour, minute, second)
  const back = [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes()]
  return year >= 1 && [...back, at.getUTCSeconds()].every((value, index) => value === fields[index])
}

export function encodeUsersCursor(at: UsersPosition): string {
  return encodeCursor([at.sort, at.order, at.key, at.id])
}

/** Asked with the sort and order it was made for; a key that sort could not have written is refused. */
export const usersCursor = cursorInput(800, (fields): UsersPosition | null => {
  const result = position.safeParse(fields)
  if (!result.success) return null
  const [sort, order, key, id] = result.data
  return keyFitsSort(sort, key) ? { sort, order, key, id } : null
})

export const usersListInput = z.object({
  /** Literal, case-insensitive, over name, e-mail and clerkId; or exactly the account's id. */
  search: z
    .string()
    .trim()
    .max(USERS_SEARCH_MAX_LENGTH)
    .check(noControlCharacters('Search must be a single line of text'))
    .nullish(),
  sort: z.enum(USER_SORTS).default('joined'),
  /** Defaults to the sort's natural order (DEFAULT_ORDER). */
  order: z.enum(SORT_ORDERS).nullish(),
  /** The `nextCursor` of the previous page, asked with the same sort and order. */
  cursor: usersCursor.nullish(),
  limit: z.number().int().min(1).max(USERS_LIST_MAX_LIMIT).default(USERS_LIST_DEFAULT_LIMIT),
})
export type UsersListInput = z.output<typeof usersListInput>

export const usersListOutput = z.object({
  users: z.array(adminUserRow),
  /** Pass back as `cursor` (with the same sort and order) for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
})
export type UsersListOutput = z.infer<typeof usersListOutput>
