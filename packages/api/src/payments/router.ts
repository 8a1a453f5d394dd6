import type { TRPCRouterRecord } from '@trpc/server'

import { authedProcedure } from '../trpc.ts'
import { createCheckout } from './create-checkout.handler.ts'
import { createCheckoutInput, createCheckoutOutput } from './create-checkout.schema.ts'
import { purchaseHistory } from './history.handler.ts'
import { historyOutput } from './history.schema.ts'
import { paymentStatus } from './status.handler.ts'
import { paymentStatusInput, paymentStatusOutput } from './status.schema.ts'

export const paymentsRouter = {
  createCheckout: authedProcedure.input(createCheckoutInput).output(createCheckoutOutput).mutation(createCheckout),
  history: authedProcedure.output(historyOutput).query(purchaseHistory),
  status: authedProcedure.input(paymentStatusInput).output(paymentStatusOutput).query(paymentStatus),
} satisfies TRPCRouterRecord
