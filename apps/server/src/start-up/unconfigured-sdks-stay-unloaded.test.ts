import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'

import { watchedImports, writeImportWatch } from '../tracing/testing/import-watch.ts'
import { processReport } from '../tracing/testing/process-report.ts'

/**
 * A server started with none of S3, Stripe, Redis or SMTP configured must not load their SDKs: each
 * costs start-up time and heap (services.ts imports them when their setting is there). Watched in a
 * fresh process, as tracing-off.test.ts watches OpenTelemetry: one streamed generation after a
 * sign-up, so the paths every start takes (and mail, and passwords) have run.
 */
const run = promisify(execFile)
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url))
const ONE_GENERATION = fileURLToPath(new URL('../tracing/testing/one-generation-process.ts', import.meta.url))
const UNCONFIGURED_SDK = /^(stripe|@aws-sdk\/|@smithy\/|bullmq|ioredis)(\/|$)/

let workDir: string
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'promptly-unloaded-sdks-'))
})
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true })
})

it('loads no SDK of a service that is not configured (S3, Stripe, Redis and BullMQ)', async () => {
  const watch = await writeImportWatch(workDir)
  const watchFile = path.join(workDir, 'imports.txt')
  await writeFile(watchFile, '')
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--import', watch, ONE_GENERATION, '{}'], {
    cwd: SERVER_DIR,
    env: { ...process.env, WATCH_FILE: watchFile },
  })
  const report = processReport.parse(JSON.parse(stdout.trim().split('\n').at(-1) ?? ''))
  const imported = [...(await watchedImports(watchFile)), ...report.requiredPackages]
  expect(report.generated).toBe(true)
  // The watch saw the server's own packages, ES modules and CommonJS (else it proves nothing).
  expect(imported).toContain('fastify')
  expect(imported.some((name) => name.startsWith('pg/'))).toBe(true)
  expect(imported.filter((name) => UNCONFIGURED_SDK.test(name))).toEqual([])
})
