import type { TRPCRouterRecord } from '@trpc/server'
import { authedProcedure } from '../trpc.ts'
import { getLimits } from './limits.handler.ts'
import { limitsOutput } from './limits.schema.ts'

export const creditsRouter = {
  limits: authedProcedure.output(limitsOutput).query(getLimits),
} satisfies TRPCRouterRecord
