import type { TRPCRouterRecord } from '@trpc/server'

import { authedProcedure } from '../trpc.ts'
import { cancelBulkJob } from './cancel.handler.ts'
import { cancelBulkJobInput, cancelBulkJobOutput } from './cancel.schema.ts'
import { createBulkRun } from './create.handler.ts'
import { createBulkJobInput, createdBulkJob } from './create.schema.ts'
import { getBulkJob } from './get.handler.ts'
import { bulkJobInput, bulkJobView } from './get.schema.ts'
import { listBulkJobs } from './list.handler.ts'
import { listBulkJobsOutput } from './list.schema.ts'
import { pauseBulkJob } from './pause.handler.ts'
import { pauseBulkJobInput, pauseBulkJobOutput } from './pause.schema.ts'
import { previewBulkRun } from './preview.handler.ts'
import { previewBulkRunInput, previewBulkRunOutput } from './preview.schema.ts'
import { resumeBulkJob } from './resume.handler.ts'
import { resumeBulkJobInput, resumeBulkJobOutput } from './resume.schema.ts'
import { retryFailedBulkRows } from './retry-failed.handler.ts'
import { retryFailedRowsInput, retryFailedRowsOutput } from './retry-failed.schema.ts'
import { listBulkRows } from './rows.handler.ts'
import { bulkRowsInput, bulkRowsOutput } from './rows.schema.ts'
import { runBulkJobAgain } from './run-again.handler.ts'
import { runBulkJobAgainInput, runBulkJobAgainOutput } from './run-again.schema.ts'

/**
 * Bulk runs: one tool over many rows, each row one text generation charged once, when delivered.
 * Every procedure is the owner's alone: another user's job is NOT_FOUND.
 */
export const bulkRouter = {
  /** A CSV read against the tool's form (columns, mapping, problems, counts, cost, balance); stores nothing. */
  preview: authedProcedure.input(previewBulkRunInput).output(previewBulkRunOutput).mutation(previewBulkRun),
  /** Makes a job from a mapped CSV or from JSON rows and starts it; BAD_REQUEST when it cannot run. */
  create: authedProcedure.input(createBulkJobInput).output(createdBulkJob).mutation(createBulkRun),
  /** The caller's jobs, newest first (at most 50), and the most rows a new one may hold (BULK_MAX_ROWS). */
  list: authedProcedure.output(listBulkJobsOutput).query(listBulkJobs),
  /** One of the caller's jobs with its progress. */
  get: authedProcedure.input(bulkJobInput).output(bulkJobView).query(getBulkJob),
  /** A page of a job's rows in input order (optionally of one state), with their output and error. */
  rows: authedProcedure.input(bulkRowsInput).output(bulkRowsOutput).query(listBulkRows),
  /** Stops handing the job's rows out until resumed. */
  pause: authedProcedure.input(pauseBulkJobInput).output(pauseBulkJobOutput).mutation(pauseBulkJob),
  /** Runs a paused job again, or one waiting for credits. */
  resume: authedProcedure.input(resumeBulkJobInput).output(resumeBulkJobOutput).mutation(resumeBulkJob),
  /** Stops the job for good: rows still to run are cancelled, uncharged. */
  cancel: authedProcedure.input(cancelBulkJobInput).output(cancelBulkJobOutput).mutation(cancelBulkJob),
  /** Runs the job's failed rows again. */
  retryFailed: authedProcedure.input(retryFailedRowsInput).output(retryFailedRowsOutput).mutation(retryFailedBulkRows),
  /** A new job with the same tool and rows. */
  runAgain: authedProcedure.input(runBulkJobAgainInput).output(runBulkJobAgainOutput).mutation(runBulkJobAgain),
} satisfies TRPCRouterRecord
