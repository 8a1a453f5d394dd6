/**
 * The root `npm run bench`. Plain, or with arguments other than `soak`: every workspace's bench
 * through turbo, one at a time, the arguments passed on to turbo (as the script did before).
 * `npm run bench -- soak`: the soak alone (apps/server/bench/soak.bench.ts, half an hour by default,
 * SOAK_MINUTES to change it), after building the server, which turbo skips when the build is current:
 * the soak starts the built entry. With SERVER_PROCESSES_ENTRY naming a build of one's own, nothing is
 * built (the shared apps/server/dist is left as it is). Turbo would take `soak` for a task name,
 * hence this script.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'

import { REPO_ROOT } from '@promptly/db/repo-paths'

function run(command: string, args: readonly string[], cwd = REPO_ROOT): number {
  const { status, error } = spawnSync(command, args, { cwd, stdio: 'inherit' })
  if (error) console.error(error.message)
  return status ?? 1
}

/**
 * The soak's load generator times every answer, so its own pauses count as the server's latency: its
 * garbage collections held its event loop up to 70 ms (a CPU profile of a soak). A larger young
 * generation gives the short-lived garbage of 17 requests a second more room to die young.
 */
const SOAK_NODE_FLAGS = ['--max-semi-space-size=64', '--import', 'tsx']

const args = process.argv.slice(2)
if (args[0] === 'soak') {
  const built = process.env.SERVER_PROCESSES_ENTRY
    ? 0
    : run('npx', ['turbo', 'run', 'build', '--filter=@promptly/server', '--output-logs=errors-only'])
  process.exitCode =
    built === 0
      ? run('node', [...SOAK_NODE_FLAGS, 'bench/soak.bench.ts', ...args.slice(1)], path.join(REPO_ROOT, 'apps/server'))
      : built
} else {
  process.exitCode = run('npx', ['turbo', 'run', 'bench', '--concurrency=1', ...args])
}
