import type { TRPCRouterRecord } from '@trpc/server'

import { publicProcedure } from '../trpc.ts'
import { plansListOutput } from './plan-offer.schema.ts'
import { listPlans } from './plans-list.handler.ts'

export const plansRouter = {
  /** Public: the offers; signed in, also whether TOPUP is offered and the caller's plan. */
  list: publicProcedure.output(plansListOutput).query(listPlans),
} satisfies TRPCRouterRecord
