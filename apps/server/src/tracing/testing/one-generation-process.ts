/**
 * Run as a process of its own by tracing-off.test.ts (`node --import tsx <this> '<env as JSON>'`):
 * the server built from the sources as the tests build it, with the given environment, one streamed
 * generation against the AI fake, then closed. It prints, as one JSON line (process-report.ts), what
 * the process holds: a fresh process, so nothing another test file loaded into a shared worker blurs it.
 */
import { createRequire } from 'node:module'
import { z } from 'zod'

import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'
import { noTelemetry, untracedSpan } from '@promptly/api/telemetry/telemetry'

import { startFakeMediaAi } from '../../testing/fake-media-ai.ts'
import { signUpTestAccount } from '../../testing/local-accounts.ts'
import { createTestApp, type TestApp } from '../../testing/test-app.ts'
import { listenOnRandomPort, trpcClient } from '../../testing/trpc-http.ts'
import type { ProcessReport } from './process-report.ts'

/** OpenTelemetry's API keeps its registry object (and version) once loaded: the rest is what was registered. */
function processWideHooks() {
  const registry: unknown = Reflect.get(globalThis, Symbol.for('opentelemetry.js.api.1'))
  const registered = typeof registry === 'object' && registry !== null ? Object.keys(registry) : []
  return {
    openTelemetry: registered.filter((key) => key !== 'version').sort(),
    prisma: 'V7_PRISMA_INSTRUMENTATION' in globalThis || 'PRISMA_INSTRUMENTATION' in globalThis,
  }
}

/** One streamed generation as a new account, to its last event; then what the process registered. */
async function generateOnce(testApp: TestApp) {
  const ada = await signUpTestAccount(testApp.app)
  const tool = await createGeneratorTool(testApp.db.prisma)
  const client = trpcClient(await listenOnRandomPort(testApp.app), ada.bearer)
  let generated = false
  for await (const event of await client.generation.run.mutate({ toolId: tool.id, groups: bioValues() })) {
    if (event.type === 'done') generated = event.output !== ''
  }
  return { generated, whileRunning: processWideHooks() }
}

async function main(env: Record<string, string>): Promise<ProcessReport> {
  const fakeAi = await startFakeMediaAi()
  const testApp = await createTestApp({ env: { ...fakeAi.env, ...env } })
  let ran
  try {
    ran = await generateOnce(testApp)
  } finally {
    await testApp.close()
    await fakeAi.server.close()
  }
  const { tracing, telemetry } = testApp.services
  return {
    ...ran,
    untraced:
      tracing === null && telemetry === noTelemetry && telemetry.startSpan('trpc generation.run', {}) === untracedSpan,
    afterClose: processWideHooks(),
    requiredPackages: Object.keys(createRequire(import.meta.url).cache).flatMap((file) => {
      const found = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](.*)$/.exec(file)
      return found ? [`${found[1]}/${found[2]}`] : []
    }),
  }
}

const report = await main(z.record(z.string(), z.string()).parse(JSON.parse(process.argv[2] ?? '{}')))
process.stdout.write(`${JSON.stringify(report)}\n`)
// Whatever a library left open (a keep-alive socket) must not keep the test waiting.
process.exit(0)
