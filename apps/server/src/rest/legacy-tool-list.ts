import type { ToolCard } from '@promptly/api/tools/tool.schema'
import type { Db } from '@promptly/db/client'

import { toLegacyTool, type LegacyTool, type LegacyUrls } from './legacy-tool.ts'

/**
 * Cards that are not a shared catalogue list's (search results, bookmarks) in the legacy names, with
 * their descriptions read in one query: the legacy lists carried them, the cards do not.
 */
export async function toLegacyToolList(db: Db, cards: readonly ToolCard[], urls: LegacyUrls): Promise<LegacyTool[]> {
  if (cards.length === 0) return []
  const rows = await db.tool.findMany({
    where: { id: { in: cards.map((card) => card.id) } },
    select: { id: true, description: true },
  })
  const descriptions = new Map(rows.map((row) => [row.id, row.description]))
  return cards.map((card) => toLegacyTool(card, urls, descriptions.get(card.id)))
}
