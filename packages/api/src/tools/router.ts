import type { TRPCRouterRecord } from '@trpc/server'

import {
  builtToolIdInput,
  builtToolInput,
  builtToolView,
  createdToolOutput,
  deletedToolOutput,
  personalToolList,
  updateBuiltToolInput,
} from '../tool-builder/tool-builder.schema.ts'
import { authedProcedure, outputCheckedOutsideProduction, publicProcedure } from '../trpc.ts'
import { listToolsByCategory } from './by-category.handler.ts'
import { byCategoryInput, byCategoryOutput } from './by-category.schema.ts'
import { listCategories } from './categories.handler.ts'
import { categoriesOutput } from './categories.schema.ts'
import { getTool } from './get.handler.ts'
import { getToolInput, getToolOutput } from './get.schema.ts'
import { createPersonalTool } from './personal-create.handler.ts'
import { deletePersonalTool } from './personal-delete.handler.ts'
import { getPersonalTool } from './personal-get.handler.ts'
import { listPersonalTools } from './personal-list.handler.ts'
import { updatePersonalTool } from './personal-update.handler.ts'
import { searchTools } from './search.handler.ts'
import { searchInput, searchOutput } from './search.schema.ts'

export const toolsRouter = {
  /** Labels in use, All Tools first (My Tools is added by the client for signed-in users). */
  categories: publicProcedure.output(categoriesOutput).query(listCategories),
  /** Cards of one category, with isBookmarked for the caller (false signed out). Output checked outside production. */
  byCategory: publicProcedure
    .input(byCategoryInput)
    .output(outputCheckedOutsideProduction(byCategoryOutput))
    .query(listToolsByCategory),
  /** Literal, case-insensitive search over name, tagline and labels; name matches first. */
  search: publicProcedure.input(searchInput).output(searchOutput).query(searchTools),
  /**
   * One tool and up to 5 similar tools; a personal tool for its owner only. NOT_FOUND for an unknown
   * id. Output checked outside production.
   */
  get: publicProcedure.input(getToolInput).output(outputCheckedOutsideProduction(getToolOutput)).query(getTool),
  /**
   * The caller's own tools from the tool-builder: private (they alone see and run them) until an
   * admin publishes one; at most PERSONAL_TOOL_LIMIT private ones. NOT_FOUND for anyone else's.
   */
  personal: {
    create: authedProcedure.input(builtToolInput).output(createdToolOutput).mutation(createPersonalTool),
    update: authedProcedure.input(updateBuiltToolInput).output(builtToolView).mutation(updatePersonalTool),
    delete: authedProcedure.input(builtToolIdInput).output(deletedToolOutput).mutation(deletePersonalTool),
    get: authedProcedure.input(builtToolIdInput).output(builtToolView).query(getPersonalTool),
    list: authedProcedure.output(personalToolList).query(listPersonalTools),
  },
} satisfies TRPCRouterRecord
