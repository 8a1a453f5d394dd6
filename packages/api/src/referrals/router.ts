import type { TRPCRouterRecord } from '@trpc/server'

import { authedProcedure } from '../trpc.ts'
import { registerReferral } from './register.handler.ts'
import { registerReferralInput, registerReferralOutput } from './register.schema.ts'

export const referralsRouter = {
  /** The caller opened a share link carrying `reffered`: reward its referrer if the rules allow. */
  register: authedProcedure.input(registerReferralInput).output(registerReferralOutput).mutation(registerReferral),
} satisfies TRPCRouterRecord
