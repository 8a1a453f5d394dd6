import { categoriesInUse } from '@promptly/core/catalogue/labels'

import { catalogueKeys } from '../caching/catalogue-cache.ts'
import type { Context } from '../context.ts'
import type { CategoriesOutput } from './categories.schema.ts'
import { PUBLISHED_TOOL_SQL } from './tool-visibility.ts'

/** The labels some catalogue tool carries, All Tools first (spec: getCategories). The same for everyone: cached. */
export async function listCategories({ ctx }: { ctx: Context }): Promise<CategoriesOutput> {
  return ctx.caches.catalogue.getOrLoad(catalogueKeys.categories, async () => {
    const rows = await ctx.db.$queryRaw<
      { label: string }[]
    >`SELECT DISTINCT unnest(t.labels) AS label FROM tools t WHERE ${PUBLISHED_TOOL_SQL}`
    return Object.freeze(categoriesInUse(rows.map((row) => row.label))) as string[]
  })
}
