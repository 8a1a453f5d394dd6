import { execFile } from 'node:child_process'
import { createRequire } from 'node:module'
import { promisify } from 'node:util'

const run = promisify(execFile)
const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js')

export interface LoadResult {
  requestsPerSecond: number
  p50Ms: number
  p99Ms: number
  /** Answers that were not 2xx, and socket errors/timeouts: a valid run has none. */
  failures: number
}

export interface LoadOptions {
  connections: number
  durationSeconds: number
  warmupSeconds: number
  /** Sent with every request (a signed-in caller's `authorization`). */
  headers?: Record<string, string>
}

/**
 * Runs autocannon against `url` in a child process, so the load generator does not share the
 * server's event loop (the server runs in this process).
 */
export async function measureLoad(url: string, opts: LoadOptions): Promise<LoadResult> {
  const headers = Object.entries(opts.headers ?? {}).flatMap(([name, value]) => ['--headers', `${name}=${value}`])
  const { stdout } = await run(
    process.execPath,
    [
      autocannonCli,
      '--json',
      '--connections',
      String(opts.connections),
      '--duration',
      String(opts.durationSeconds),
      ...headers,
      ...(opts.warmupSeconds > 0
        ? ['--warmup', '[', '--connections', String(opts.connections), '--duration', String(opts.warmupSeconds), ']']
        : []),
      url,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  )
  // With --warmup, autocannon prints the warm-up's result and the run's, one JSON document per line.
  const results = stdout
    .split('\n')
    .filter((line) => line.trim().startsWith('{'))
    .map((line) => JSON.parse(line) as AutocannonJson)
  const result = results.find((candidate) => candidate.warmup !== undefined) ?? results.at(-1)
  if (!result) throw new Error(`autocannon printed no result for ${url}`)
  return {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  }
}

/** The fields of autocannon's --json output this bench reads. */
interface AutocannonJson {
  warmup?: unknown
  requests: { average: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}
