import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

import { REPO_ROOT } from '@promptly/db/repo-paths'

/**
 * Real server processes for tests and benches that must cross a process boundary (several instances
 * on one database, a SIGKILL mid-request). It builds nothing: it starts an already built entry
 * (`npm run build` in apps/server), by default apps/server/dist/main.js; SERVER_PROCESSES_ENTRY
 * names another (a private build: `SERVER_OUTFILE=dist-mine/main.js npm run build`, then
 * `SERVER_PROCESSES_ENTRY=apps/server/dist-mine/main.js`), relative to the repository root.
 * SERVER_PROCESSES_FIRST_PORT gives consecutive ports from there; unset, the system picks free ones.
 */
export const DEFAULT_SERVER_ENTRY = 'apps/server/dist/main.js'

export interface ServerProcessesOptions {
  count: number
  /**
   * The environment every process gets, as an operator would set it. Nothing else of this process's
   * environment is passed on (only PATH, HOME and TMPDIR), so a developer's OPENAI_* or CLERK_*
   * cannot leak in; PORT and HOST are set here.
   */
  env: Record<string, string>
  /** Settings of one process on top of `env` (its index from 0). */
  envFor?: (index: number) => Record<string, string>
  /** Default: SERVER_PROCESSES_ENTRY, else DEFAULT_SERVER_ENTRY. */
  entry?: string
  /** The processes' working directory. Default: apps/server, where `npm start` runs the server. */
  cwd?: string
  /** Default: from SERVER_PROCESSES_FIRST_PORT on, else free ports. */
  ports?: number[]
  /**
   * A ceiling, not an expectation: how long a process may take to answer /ready before the start
   * counts as failed (migrations and the seed run first; a loaded two-core machine is slow).
   */
  readyTimeoutMs?: number
  /** Node's own flags for every process, before the entry (a bench's `--cpu-prof`). */
  nodeFlags?: readonly string[]
}

export interface ServerProcess {
  /** `instance-0`, `instance-1`, ...: names the process in failure messages. */
  readonly name: string
  readonly port: number
  /** e.g. http://127.0.0.1:3401 */
  readonly url: string
  readonly pid: number
  /** Resolves when the process has exited, however. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** Its last lines of output (stdout and stderr), for failure messages. */
  output(): string
  /** SIGTERM (a clean shutdown: settles requests, releases its lease) and waits for the exit. */
  stop(): Promise<void>
  /** SIGKILL, as a crash or the OOM killer would, and waits for the exit. */
  kill(): Promise<void>
}

const OUTPUT_LINES_KEPT = 200
const READY_POLL_MS = 100
/** How long a SIGTERM may take before the process is killed anyway (its shutdown hangs). */
const STOP_CEILING_MS = 20_000

/** Every process started here, killed if this process exits without stopping them. */
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/**
 * Starts `count` server processes at once (so they race through migrations and the seed as a
 * deployment's instances do) and resolves once every one answers `GET /ready` with 200. If one exits
 * or never gets ready, all are killed and the error carries its output.
 */
export async function startServerProcesses(options: ServerProcessesOptions): Promise<ServerProcess[]> {
  const entry = path.resolve(REPO_ROOT, options.entry ?? process.env.SERVER_PROCESSES_ENTRY ?? DEFAULT_SERVER_ENTRY)
  if (!existsSync(entry)) {
    throw new Error(`No server build at ${entry}: run \`npm run build\` in apps/server (or set SERVER_PROCESSES_ENTRY)`)
  }
  const ports = options.ports ?? (await choosePorts(options.count))
  const processes = ports
    .slice(0, options.count)
    .map((port, index) =>
      spawnServer(
        entry,
        `instance-${index}`,
        port,
        { ...options.env, ...options.envFor?.(index) },
        options.cwd,
        options.nodeFlags,
      ),
    )
  try {
    await Promise.all(processes.map((server) => waitUntilReady(server, options.readyTimeoutMs ?? 120_000)))
    return processes
  } catch (error) {
    await Promise.all(processes.map((server) => server.kill()))
    throw error
  }
}

/** Stops every process still running (SIGTERM), for an afterAll. */
export async function stopServerProcesses(processes: readonly ServerProcess[]): Promise<void> {
  await Promise.all(processes.map((server) => server.stop()))
}

function spawnServer(
  entry: string,
  name: string,
  port: number,
  env: Record<string, string>,
  cwd = path.join(REPO_ROOT, 'apps/server'),
  nodeFlags: readonly string[] = [],
): ServerProcess {
  const inherited = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR'].flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])),
  )
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeFlags, entry], {
    // The server finds its root from its own file, whatever the working directory.
    cwd,
    env: { ...inherited, HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (child.pid === undefined) throw new Error(`${name}: could not start ${process.execPath} ${entry}`)
  running.add(child)
  const lines: string[] = []
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
    if (lines.length > OUTPUT_LINES_KEPT) lines.splice(0, lines.length - OUTPUT_LINES_KEPT)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve({ code, signal })
    }),
  )
  const hasExited = () => child.exitCode !== null || child.signalCode !== null
  const pid = child.pid
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    pid,
    exited,
    output: () => lines.join('\n'),
    async stop() {
      if (hasExited()) return
      child.kill('SIGTERM')
      const ceiling = setTimeout(() => child.kill('SIGKILL'), STOP_CEILING_MS)
      await exited
      clearTimeout(ceiling)
    },
    async kill() {
      if (hasExited()) return
      child.kill('SIGKILL')
      await exited
    },
  }
}

/** Polls `/ready` until it answers 200; fails at once if the process exits first. */
async function waitUntilReady(server: ServerProcess, ceilingMs: number): Promise<void> {
  let exit: { code: number | null; signal: NodeJS.Signals | null } | null = null
  void server.exited.then((how) => {
    exit = how
  })
  const deadline = Date.now() + ceilingMs
  let last = 'no answer yet'
  while (Date.now() < deadline) {
    if (exit) break
    try {
      const res = await fetch(`${server.url}/ready`, { signal: AbortSignal.timeout(5_000) })
      if (res.status === 200) return
      last = `${res.status} ${await res.text()}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS))
  }
  const why = exit ? `exited (${JSON.stringify(exit)})` : `not ready after ${ceilingMs} ms (last: ${last})`
  throw new Error(`${server.name} on port ${server.port} ${why}. Its output:\n${server.output()}`)
}

/** SERVER_PROCESSES_FIRST_PORT and the ports after it, else ports the system says are free now. */
async function choosePorts(count: number): Promise<number[]> {
  const first = Number(process.env.SERVER_PROCESSES_FIRST_PORT)
  if (Number.isInteger(first) && first > 0) return Array.from({ length: count }, (_, index) => first + index)
  return Promise.all(Array.from({ length: count }, freePort))
}

/** A port the system says is free now (for a listener of the processes' own, e.g. METRICS_PORT). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}
