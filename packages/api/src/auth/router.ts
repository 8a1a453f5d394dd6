import type { TRPCRouterRecord } from '@trpc/server'

import { viewer } from '@promptly/core/identity/user'

import { publicProcedure } from '../trpc.ts'
import { me } from './me.handler.ts'

export const authRouter = {
  me: publicProcedure.output(viewer.nullable()).query(me),
} satisfies TRPCRouterRecord
