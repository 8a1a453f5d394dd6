import type { TRPCRouterRecord } from '@trpc/server'

import { publicProcedure } from '../trpc.ts'
import { listToolsByCategory } from './by-category.handler.ts'
import { byCategoryInput, byCategoryOutput } from './by-category.schema.ts'
import { listCategories } from './categories.handler.ts'
import { categoriesOutput } from './categories.schema.ts'
import { getTool } from './get.handler.ts'
import { getToolInput, getToolOutput } from './get.schema.ts'
import { searchTools } from './search.handler.ts'
import { searchInput, searchOutput } from './search.schema.ts'

export const toolsRouter = {
  /** Labels in use, All Tools first (My Tools is added by the client for signed-in users). */
  categories: publicProcedure.output(categoriesOutput).query(listCategories),
  /** Cards of one category, with isBookmarked for the caller (false signed out). */
  byCategory: publicProcedure.input(byCategoryInput).output(byCategoryOutput).query(listToolsByCategory),
  /** Literal, case-insensitive search over name, tagline and labels; name matches first. */
  search: publicProcedure.input(searchInput).output(searchOutput).query(searchTools),
  /** One tool and up to 5 similar tools. NOT_FOUND for an unknown id. */
  get: publicProcedure.input(getToolInput).output(getToolOutput).query(getTool),
} satisfies TRPCRouterRecord
