import { faqList, formGroups } from '@promptly/core/catalogue/tool'
import type { Prisma as PrismaTypes } from '@promptly/db/client'
import { Prisma } from '@promptly/db/generated/prisma/client'

import type { SimilarTool, ToolCard, ToolDetail } from './tool.schema.ts'

/** The columns a card needs: lists never read the JSON columns (groups, faq) or the description. */
export const toolCardSelect = {
  id: true,
  name: true,
  accoName: true,
  tagLine: true,
  logo: true,
  labels: true,
  groupBy: true,
  kind: true,
  upcoming: true,
} as const satisfies PrismaTypes.ToolSelect

export type ToolCardRow = PrismaTypes.ToolGetPayload<{ select: typeof toolCardSelect }>

/**
 * A card's fields over `tools t` for raw SQL, as ToolCard names them, isBookmarked aside (the
 * caller's): the one list both SQL forms below are made from. Constant SQL, never user input.
 */
const TOOL_CARD_SQL_FIELDS = [
  ['id', 't.id::text'],
  ['name', 't.name'],
  ['accoName', 't.acco_name'],
  ['tagLine', 't.tag_line'],
  ['logo', 't.logo'],
  ['labels', 't.labels'],
  ['groupBy', 't.group_by'],
  ['kind', 't.kind::text'],
  ['upcoming', 't.upcoming'],
] as const satisfies readonly (readonly [keyof ToolCard, string])[]

/** The card as columns (bookmarks); the caller adds `AS "isBookmarked"`. */
export const toolCardColumnsSql = Prisma.raw(
  TOOL_CARD_SQL_FIELDS.map(([field, column]) => `${column} AS "${field}"`).join(', '),
)

/**
 * The card as one JSON object, with isBookmarked from `isBookmarked`: for statements that answer a
 * list as a single JSON array (search), which the driver hands over as one value instead of a row
 * of fields per card.
 */
export function toolCardJsonSql(isBookmarked: Prisma.Sql): Prisma.Sql {
  const fields = Prisma.raw(TOOL_CARD_SQL_FIELDS.map(([field, column]) => `'${field}', ${column}`).join(', '))
  return Prisma.sql`json_build_object(${fields}, 'isBookmarked', ${isBookmarked})`
}

export const toolDetailSelect = {
  ...toolCardSelect,
  description: true,
  groups: true,
  faq: true,
} as const satisfies PrismaTypes.ToolSelect

export type ToolDetailRow = PrismaTypes.ToolGetPayload<{ select: typeof toolDetailSelect }>

export const similarToolSelect = {
  id: true,
  name: true,
  accoName: true,
  logo: true,
} as const satisfies PrismaTypes.ToolSelect

export function toToolCard(row: ToolCardRow, isBookmarked: boolean): ToolCard {
  return {
    id: row.id,
    name: row.name,
    accoName: row.accoName,
    tagLine: row.tagLine,
    logo: row.logo,
    labels: row.labels,
    groupBy: row.groupBy,
    kind: row.kind,
    upcoming: row.upcoming,
    isBookmarked,
  }
}

/**
 * The JSON columns are checked with the builder's own schemas on the way out, so the generator page
 * only ever receives forms the builder could have saved. A row that fails is a data bug: it throws
 * (500, logged) rather than render a broken form.
 */
export function toToolDetail(row: ToolDetailRow, isBookmarked: boolean): ToolDetail {
  return {
    ...toToolCard(row, isBookmarked),
    description: row.description,
    groups: formGroups.parse(row.groups),
    faq: faqList.parse(row.faq),
  }
}

export function toSimilarTool(row: SimilarTool): SimilarTool {
  return { id: row.id, name: row.name, accoName: row.accoName, logo: row.logo }
}
