import type { TRPCRouterRecord } from '@trpc/server'

import { adminProcedure } from '../trpc.ts'
import { listAudit } from './audit-list.handler.ts'
import { auditListInput, auditListOutput } from './audit-list.schema.ts'

/** The admin console's procedures: FORBIDDEN for anyone but an admin, UNAUTHORIZED signed out. */
export const adminRouter = {
  audit: {
    /** Who did what to whose account, newest first; optionally about one account only. */
    list: adminProcedure.input(auditListInput).output(auditListOutput).query(listAudit),
  },
} satisfies TRPCRouterRecord
