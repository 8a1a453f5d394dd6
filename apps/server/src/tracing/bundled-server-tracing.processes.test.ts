import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { startServerProcesses } from '../testing/server-processes.ts'
import { OPENTELEMETRY_PACKAGE, watchedImports, writeImportWatch } from './testing/import-watch.ts'
import { startOtlpReceiver, type OtlpReceiver } from './testing/otlp-receiver.ts'
import { traceTree } from './testing/trace-tree.ts'

/**
 * The built server (dist/main.js and its chunks), where no module patching reaches: traces come
 * through APIs alone (the request hook, the tRPC middleware, Prisma's global helper). And the lazy
 * import holds in the build too: esbuild lifts a bundled module's imports of packages to the top of
 * its file, so only a chunk of its own keeps OpenTelemetry out of a server that does not trace.
 */

let workDir: string
let watch: string
let receiver: OtlpReceiver
beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'promptly-bundled-tracing-'))
  watch = await writeImportWatch(workDir)
  receiver = await startOtlpReceiver()
})
afterAll(async () => {
  await receiver.close()
  await rm(workDir, { recursive: true, force: true })
})

/** Starts the built server with `env`, asks for the categories once, stops it; answers the packages it imported. */
async function runOnce(name: string, env: Record<string, string>): Promise<string[]> {
  const watchFile = path.join(workDir, `${name}-imports.txt`)
  await writeFile(watchFile, '')
  const [server] = await startServerProcesses({
    count: 1,
    env: {
      DATA_DIR: path.join(workDir, name),
      LOG_LEVEL: 'warn',
      WATCH_FILE: watchFile,
      NODE_OPTIONS: `--import ${watch}`,
      ...env,
    },
  })
  try {
    expect((await fetch(`${server!.url}/trpc/tools.categories`)).status).toBe(200)
  } finally {
    // A clean shutdown sends the spans still batched.
    await server!.stop()
  }
  return watchedImports(watchFile)
}

describe('the built server', () => {
  it('without OTEL_EXPORTER_OTLP_ENDPOINT: imports no OpenTelemetry package', async () => {
    const imported = await runOnce('off', {})
    // The watch sees the server's packages (else this test would prove nothing).
    expect(imported).toContain('fastify')
    expect(imported.filter((name) => OPENTELEMETRY_PACKAGE.test(name))).toEqual([])
    expect(receiver.spans).toEqual([])
  })

  it('with it: exports the request, the procedure and its database queries as one trace', async () => {
    const imported = await runOnce('on', { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint })
    expect(imported).toContain('@prisma/instrumentation')
    const trace = traceTree(receiver.spans)
    const request = trace.one('GET /trpc/:path')
    const procedure = trace.one('trpc tools.categories')
    expect(procedure.parentSpanId).toBe(request.spanId)
    const queries = trace.named('prisma:client:db_query')
    expect(queries.length).toBeGreaterThan(0)
    for (const query of queries) expect(trace.isUnder(query, procedure)).toBe(true)
    expect(new Set(receiver.spans.map((span) => span.traceId))).toEqual(new Set([request.traceId]))
  })
})
