import { viewer } from '@promptly/core/identity/user'
import type { TRPCRouterRecord } from '@trpc/server'
import { publicProcedure } from '../trpc.ts'
import { me } from './me.handler.ts'

export const authRouter = {
  me: publicProcedure.output(viewer.nullable()).query(me),
} satisfies TRPCRouterRecord
