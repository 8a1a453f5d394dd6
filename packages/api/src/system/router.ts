import type { TRPCRouterRecord } from '@trpc/server'

import { publicProcedure } from '../trpc.ts'
import { publicConfig, siteDetails } from './public-config.schema.ts'

export const systemRouter = {
  config: publicProcedure.output(publicConfig).query(({ ctx }) => ctx.publicConfig),
  /**
   * The operator's contact and link details on their own: every page's footer shows them, so the
   * server-rendered pages load this (and not `config`, which decides the identity widgets).
   */
  site: publicProcedure.output(siteDetails).query(({ ctx }) => ctx.site),
} satisfies TRPCRouterRecord
