/**
 * Run as a process of its own by bullmq-worker-death.processes.test.ts
 * (`node --import tsx <this> '<options as JSON>'`): a BullMQ row worker that prints one JSON line
 * (`{ began, attempt, final }`) when it begins a row and then never ends it, so that the test can
 * kill it mid-row as a crashed instance would die.
 */
import { z } from 'zod'

import { createBullmqRowQueue } from '../bullmq-row-queue.ts'

const workerProcessOptions = z.object({
  redisUrl: z.string(),
  queueName: z.string(),
  prefix: z.string(),
  lockDurationMs: z.number(),
  stalledIntervalMs: z.number(),
  maxAttempts: z.number(),
})

/** The command-line argument, as JSON (the test imports this type only: importing the file runs it). */
export type WorkerProcessOptions = z.infer<typeof workerProcessOptions>

const options = workerProcessOptions.parse(JSON.parse(process.argv[2] ?? ''))
const queue = createBullmqRowQueue({
  ...options,
  settings: { concurrency: 1, ratePerMinute: 10_000, maxAttempts: options.maxAttempts, backoffMs: 10 },
  onError: (error) => console.error(error),
})
await queue.start(async (task, attempt) => {
  process.stdout.write(`${JSON.stringify({ began: task.rowId, ...attempt })}\n`)
  await new Promise<never>(() => {})
})
