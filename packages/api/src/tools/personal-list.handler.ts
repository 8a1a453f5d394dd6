import type { AuthedContext } from '../context.ts'
import type { PersonalToolCard } from '../tool-builder/tool-builder.schema.ts'
import { bookmarkedToolIds } from './bookmark-overlay.ts'
import { toolCardSelect, toToolCard } from './tool-rows.ts'
import { ownedBy } from './tool-visibility.ts'

/** The tools the caller built, newest first: private ones and those an admin put in the catalogue. */
export async function listPersonalTools({ ctx }: { ctx: AuthedContext }): Promise<PersonalToolCard[]> {
  const [rows, bookmarked] = await Promise.all([
    ctx.db.tool.findMany({
      where: ownedBy(ctx.user.id),
      select: { ...toolCardSelect, published: true },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    }),
    bookmarkedToolIds(ctx),
  ])
  return rows.map((row) => ({ ...toToolCard(row, bookmarked.has(row.id)), published: row.published }))
}
