import { categoriesInUse } from '@promptly/core/catalogue/labels'

import { catalogueCacheFor, catalogueKeys } from '../catalogue-cache/catalogue-cache.ts'
import type { Context } from '../context.ts'
import type { CategoriesOutput } from './categories.schema.ts'

/** The labels some catalogue tool carries, All Tools first (spec: getCategories). The same for everyone: cached. */
export async function listCategories({ ctx }: { ctx: Context }): Promise<CategoriesOutput> {
  return catalogueCacheFor(ctx.db).getOrLoad(catalogueKeys.categories, async () => {
    const rows = await ctx.db.$queryRaw<
      { label: string }[]
    >`SELECT DISTINCT unnest(labels) AS label FROM tools WHERE published`
    return Object.freeze(categoriesInUse(rows.map((row) => row.label))) as string[]
  })
}
