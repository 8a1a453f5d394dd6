import type { TRPCRouterRecord } from '@trpc/server'
import { z } from 'zod'

import { publicProcedure } from '../trpc.ts'

const publicConfigOutput = z.object({
  identity: z.enum(['local', 'clerk']),
  clerkPublishableKey: z.string().nullable(),
  localModel: z.boolean(),
})

export const systemRouter = {
  config: publicProcedure.output(publicConfigOutput).query(({ ctx }) => ctx.publicConfig),
} satisfies TRPCRouterRecord
