/**
 * The built portal for the browser benches: apps/server/dist/main.js (or a private build) started in
 * production mode on an embedded database in a temporary folder, serving the web build it is told to
 * (WEB_DIST_DIR and WEB_SERVER_DIST_DIR, inherited from the shell), so the figures are those of what
 * `npm start` serves.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

export interface BuiltPortal {
  origin: string
  /** The server's DATA_DIR: its database, and its outbox (`<dataDir>/outbox`), where its mail lands. */
  dataDir: string
  /** Stops the server and removes its data folder. */
  stop: () => void
}

export interface BuiltPortalOptions {
  port: number
  /** The server's entry, relative to the repository's root (apps/server/dist/main.js by default). */
  serverEntry: string | undefined
  /** Names the temporary data folder, so a leftover one says which bench left it. */
  name: string
  /** Settings on top of the production ones below. */
  env?: Record<string, string>
}

/** The server's entry as given, resolved against the repository's root. */
export function serverEntryPath(entry: string | undefined): string {
  return path.resolve(repoRoot, entry ?? 'apps/server/dist/main.js')
}

/** What the bench prints about the build it measures. */
export function describeBuild(entry: string | undefined): string {
  const server = path.relative(repoRoot, serverEntryPath(entry))
  return `server: ${server}, web: ${process.env.WEB_DIST_DIR ?? 'apps/web/dist'}`
}

/** The 1, 5 and 15 minute load averages: benches on a busy machine must say so. */
export function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')
}

/** Starts the server and waits until it answers /health (it migrates and seeds its database first). */
export async function startBuiltPortal(options: BuiltPortalOptions): Promise<BuiltPortal> {
  const origin = `http://127.0.0.1:${options.port}`
  const dataDir = mkdtempSync(path.join(tmpdir(), `promptly-${options.name}-`))
  // The embedded database, whatever the shell that runs the bench points at.
  const inherited = { ...process.env }
  delete inherited.DATABASE_URL
  const server = spawn(process.execPath, [serverEntryPath(options.serverEntry)], {
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      APP_URL: origin,
      DATA_DIR: dataDir,
      PGLITE_DIR: path.join(dataDir, 'pglite'),
      SESSION_SECRET: `${options.name}-bench-session-secret-0123456789abcdef`,
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const stop = () => {
    server.kill()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(server, origin)
  } catch (error) {
    stop()
    throw error
  }
  return { origin, dataDir, stop }
}

/** Polls readiness: the server migrates and seeds its database before it answers /health. */
async function waitForHealth(server: ChildProcess, origin: string): Promise<void> {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`)
    const healthy = await fetch(`${origin}/health`).then(
      (response) => response.ok,
      () => false,
    )
    if (healthy) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
