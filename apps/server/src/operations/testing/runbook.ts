import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

import { REPO_ROOT } from '@promptly/db/repo-paths'

/** The operator's runbook, which the tests beside it keep true. */
export const RUNBOOK_PATH = path.join(REPO_ROOT, 'docs', 'operations.md')

/** The shell blocks the restore drill runs, each marked `<!-- drill:<name> -->` in the runbook. */
export const DRILL_BLOCKS = ['backup', 'make-room', 'restore', 'check'] as const
export type DrillBlock = (typeof DRILL_BLOCKS)[number]

export function readRunbook(): string {
  return readFileSync(RUNBOOK_PATH, 'utf8')
}

/** The commands of the fenced `sh` block right after `<!-- drill:<name> -->`, as written. */
export function drillBlock(markdown: string, name: DrillBlock): string {
  const marker = `<!-- drill:${name} -->`
  const blocks = markdown.split(marker)
  if (blocks.length !== 2) throw new Error(`${RUNBOOK_PATH} must mark exactly one block ${marker}`)
  const block = /^\s*```sh\n([\s\S]*?)\n```/.exec(blocks[1]!)
  if (!block?.[1]) throw new Error(`${marker} in ${RUNBOOK_PATH} is not followed by a fenced sh block`)
  return block[1]
}

const run = promisify(execFile)

/**
 * Runs a drill block with `sh -e` (the first failing command fails the block) and only the variables
 * the runbook tells the operator to set, plus PATH, HOME and libpq's own PG* settings, as an
 * operator's shell would have them. Resolves to what it printed.
 */
export async function runDrillBlock(name: DrillBlock, variables: Record<string, string>, cwd: string): Promise<string> {
  const libpq = Object.entries(process.env).filter(([key, value]) => /^PG[A-Z]+$/.test(key) && value !== undefined)
  const env = {
    ...Object.fromEntries(libpq),
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? cwd,
    ...variables,
  }
  const { stdout } = await run('sh', ['-e', '-c', drillBlock(readRunbook(), name)], { env, cwd })
  return stdout
}
