import type { TRPCRouterRecord } from '@trpc/server'
import { z } from 'zod'
import { publicProcedure } from '../trpc.ts'
import { listCategories } from './categories.handler.ts'

export const toolsRouter = {
  categories: publicProcedure.output(z.array(z.string())).query(listCategories),
} satisfies TRPCRouterRecord
