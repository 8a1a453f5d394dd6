import { spawn } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import { z } from 'zod'

import { cpuTimeMs } from './server-process-gauges.ts'

/** How often the first page is asked for while the server starts. */
const POLL_MS = 20
/** A ceiling, not an expectation: a first start on a loaded two-core machine has taken 15 s. */
const START_CEILING_MS = 120_000

/** One start of the built server, timed from spawning the process to the first 200 on `/`. */
export interface TimedStart {
  /** Spawn to the first 200 on `/`. */
  firstPageMs: number
  /** CPU the server process had used by then (user + system), from /proc: less swayed by load. */
  cpuMs: number | null
  /** The server's own `started` log line: its phases, and how the PGlite folder came to be. */
  phasesMs: Record<string, number>
  totalMs: number | null
  pgliteData: string | null
  /** How long the first `/` took inside the server (its `request completed` log line). */
  firstRenderMs: number | null
}

export interface StartOptions {
  entry: string
  cwd: string
  port: number
  /** The server's environment: nothing of this process's is passed on but PATH, HOME and TMPDIR. */
  env: Record<string, string>
}

const startedLine = z.object({
  msg: z.literal('started'),
  phasesMs: z.record(z.string(), z.number()),
  totalMs: z.number(),
  pgliteData: z.string().optional(),
})
const completedLine = z.object({ msg: z.literal('request completed'), responseTime: z.number() })

/**
 * Starts the built server as `npm start` does (node --enable-source-maps), asks for `/` every
 * POLL_MS until it answers 200, reads its log, then stops it with SIGTERM and waits for the exit.
 */
export async function timeOneStart({ entry, cwd, port, env }: StartOptions): Promise<TimedStart> {
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR'].flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])),
  )
  const started = performance.now()
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    cwd,
    env: { ...inherited, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    const firstPageMs = await firstPage(`http://127.0.0.1:${port}/`, started, () => child.exitCode !== null)
    const cpuMs = child.pid === undefined ? null : processCpuMs(child.pid)
    // The log line of the first request is written as its answer ends: give it a moment to arrive.
    for (let wait = 0; wait < 50 && !/"request completed"/.test(output); wait++) await sleep(POLL_MS)
    return { firstPageMs, cpuMs, ...readLog(output) }
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}. The server said:\n${output}`)
  } finally {
    child.kill('SIGTERM')
    await exited
  }
}

async function firstPage(url: string, started: number, hasExited: () => boolean): Promise<number> {
  while (performance.now() - started < START_CEILING_MS) {
    if (hasExited()) throw new Error('The server exited before answering')
    const status = await fetch(url, { signal: AbortSignal.timeout(10_000) }).then(
      async (res) => {
        await res.arrayBuffer()
        return res.status
      },
      () => 0,
    )
    if (status === 200) return performance.now() - started
    await sleep(POLL_MS)
  }
  throw new Error(`No 200 on ${url} within ${START_CEILING_MS} ms`)
}

/** The process's CPU time so far (server-process-gauges.ts), or null once it is gone. */
function processCpuMs(pid: number): number | null {
  try {
    return cpuTimeMs(pid)
  } catch {
    return null
  }
}

function readLog(output: string): Pick<TimedStart, 'phasesMs' | 'totalMs' | 'pgliteData' | 'firstRenderMs'> {
  const lines = output.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as unknown]
    } catch {
      return []
    }
  })
  const startLine = lines.map((line) => startedLine.safeParse(line)).find((parsed) => parsed.success)?.data
  const firstRequest = lines.map((line) => completedLine.safeParse(line)).find((parsed) => parsed.success)?.data
  return {
    phasesMs: startLine?.phasesMs ?? {},
    totalMs: startLine?.totalMs ?? null,
    pgliteData: startLine?.pgliteData ?? null,
    firstRenderMs: firstRequest ? Math.round(firstRequest.responseTime) : null,
  }
}
