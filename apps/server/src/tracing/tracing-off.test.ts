import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { OPENTELEMETRY_PACKAGE, watchedImports, writeImportWatch } from './testing/import-watch.ts'
import { startOtlpReceiver, type OtlpReceiver } from './testing/otlp-receiver.ts'
import { processReport, type ProcessReport } from './testing/process-report.ts'

/**
 * Whether a process loaded a module, or registered a global, is the process's: the suite's workers
 * run test files one after another in one process (isolate: false), where another file may well
 * have traced. So each case runs the server in a fresh process (testing/one-generation-process.ts),
 * watched from its start: ES module imports through a resolve hook, CommonJS ones in its registry.
 * What loads does not depend on the database, so this runs on PGlite only (a `.test.ts`).
 */
const run = promisify(execFile)
const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url))
const ONE_GENERATION = fileURLToPath(new URL('./testing/one-generation-process.ts', import.meta.url))

let workDir: string
let watch: string
let receiver: OtlpReceiver
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'promptly-tracing-off-'))
  watch = await writeImportWatch(workDir)
  receiver = await startOtlpReceiver()
})
afterAll(async () => {
  await receiver.close()
  await rm(workDir, { recursive: true, force: true })
})

/** One generation in a fresh server process with `env`; what it reported, and the packages it imported. */
async function generateInProcess(name: string, env: Record<string, string>) {
  const watchFile = path.join(workDir, `${name}-imports.txt`)
  await writeFile(watchFile, '')
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', '--import', watch, ONE_GENERATION, JSON.stringify(env)],
    { cwd: SERVER_DIR, env: { ...process.env, WATCH_FILE: watchFile } },
  )
  const report: ProcessReport = processReport.parse(JSON.parse(stdout.trim().split('\n').at(-1) ?? ''))
  const imported = [...(await watchedImports(watchFile)), ...report.requiredPackages]
  return { report, imported, otel: imported.filter((name) => OPENTELEMETRY_PACKAGE.test(name)) }
}

describe('traces are off unless OTEL_EXPORTER_OTLP_ENDPOINT is set', () => {
  it('without it: no OpenTelemetry module is loaded, nothing is registered, no span leaves', async () => {
    const { report, imported, otel } = await generateInProcess('off', { OTEL_SERVICE_NAME: 'promptly-off' })
    expect(report).toMatchObject({ generated: true, untraced: true })
    // The watch saw the server's own packages, ES modules and CommonJS (else it proves nothing).
    expect(imported).toContain('fastify')
    expect(imported.some((name) => name.startsWith('pg/'))).toBe(true)
    expect(otel).toEqual([])
    expect(report.whileRunning).toEqual({ openTelemetry: [], prisma: false })
    expect(receiver.spans).toEqual([])
  })

  // The control: the same watch sees tracing when it is on, and its hooks gone once the app closed.
  it('with it: the packages are loaded, the hooks registered and taken back, the spans sent', async () => {
    const { report, otel } = await generateInProcess('on', { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint })
    expect(report).toMatchObject({ generated: true, untraced: false })
    expect(otel).toEqual(expect.arrayContaining(['@opentelemetry/sdk-trace', '@prisma/instrumentation']))
    expect(report.whileRunning).toEqual({ openTelemetry: ['context', 'diag'], prisma: true })
    expect(report.afterClose).toEqual({ openTelemetry: [], prisma: false })
    expect(receiver.spans.map((span) => span.name)).toContain('trpc generation.run')
  })
})
