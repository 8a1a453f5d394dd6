import { categoriesInUse } from '@promptly/core/catalogue/labels'
import type { Context } from '../context.ts'

/** The labels some tool carries, All Tools first (spec: getCategories). */
export async function listCategories({ ctx }: { ctx: Context }): Promise<string[]> {
  const rows = await ctx.db.$queryRaw<{ label: string }[]>`SELECT DISTINCT unnest(labels) AS label FROM tools`
  return categoriesInUse(rows.map((row) => row.label))
}
