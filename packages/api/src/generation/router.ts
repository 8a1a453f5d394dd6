import type { TRPCRouterRecord } from '@trpc/server'
import { authedProcedure } from '../trpc.ts'
import { deleteGeneration } from './delete.handler.ts'
import { deleteGenerationInput, deleteGenerationOutput } from './delete.schema.ts'
import { getGeneration } from './get.handler.ts'
import { getGenerationInput, getGenerationOutput } from './get.schema.ts'
import { listHistory } from './history.handler.ts'
import { historyInput, historyOutput } from './history.schema.ts'
import { runGeneration } from './run.handler.ts'
import { runGenerationInput } from './run.schema.ts'

export const generationRouter = {
  /**
   * Runs a generic tool and streams GenerationEvents (started, chunk..., done); call it with
   * httpBatchStreamLink. No `.output()`: tRPC's output validator would parse the generator itself,
   * not the events; the events' type (run.schema.ts) is what the client infers.
   */
  run: authedProcedure
    .input(runGenerationInput)
    .mutation(({ ctx, input, signal }) => runGeneration({ ctx, input, signal })),
  /** The caller's generations, newest first, with search and keyset paging. */
  history: authedProcedure.input(historyInput).output(historyOutput).query(listHistory),
  /** One of the caller's generations; NOT_FOUND for anyone else's. */
  get: authedProcedure.input(getGenerationInput).output(getGenerationOutput).query(getGeneration),
  /** Removes one of the caller's generations from history; NOT_FOUND for anyone else's. */
  delete: authedProcedure.input(deleteGenerationInput).output(deleteGenerationOutput).mutation(deleteGeneration),
} satisfies TRPCRouterRecord
