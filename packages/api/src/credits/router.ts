import type { TRPCRouterRecord } from '@trpc/server'

import { authedProcedure } from '../trpc.ts'
import { ledgerPage } from './ledger.handler.ts'
import { ledgerPageInput, ledgerPageOutput } from './ledger.schema.ts'
import { getLimits } from './limits.handler.ts'
import { limitsOutput } from './limits.schema.ts'

export const creditsRouter = {
  limits: authedProcedure.output(limitsOutput).query(getLimits),
  /** The caller's credit ledger, newest first, one page at a time. */
  ledger: authedProcedure
    .input(ledgerPageInput)
    .output(ledgerPageOutput)
    .query(({ ctx, input }) => ledgerPage(ctx.db, ctx.user.id, input)),
} satisfies TRPCRouterRecord
