/**
 * `npm run bench`: how long the built server takes to its first page, as `npm start` runs it after
 * its build (PGlite in a data folder, local accounts, the local model; NODE_ENV unset): spawn to the
 * first 200 on `/`, which is rendered on the server, with the server's own phases from its `started`
 * log line (modules, database, migrations, seed, services, app, lease, listen) and the first render.
 *
 * Each round, on a new data folder: a first start as `npm start` makes it (the database copied from
 * the template beside the build), then a restart on that folder, then, as the baseline, a first start
 * that cannot use the template (an empty pglite folder is there already, so PGlite runs initdb as it
 * did before templates), and a bare Node process that answers `/` at once: the floor, what starting
 * any process and answering costs on this machine right now. Medians of BENCH_START_ROUNDS rounds
 * (default 5), with the spread of each (min-max) as the noise; load average before and after. Target
 * on a quiet machine: a restart < 2 s.
 *
 * START_UP_BASELINE_ENTRY adds, each round, a first start and a restart of another build (say the
 * previous commit's, built in a clone: absolute path), which serves the web build of its own clone.
 *
 * It builds nothing: build first (`npm run build`), or point START_UP_ENTRY at a private server build
 * (repository-relative, e.g. apps/server/dist-mine/main.js) and WEB_DIST_DIR / WEB_SERVER_DIST_DIR at
 * a private web build. The fresh-clone figure (git clone, npm ci, `npm start` to the first page) is
 * measured by hand: README.md, "Start-up time".
 */
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

import { median } from '@promptly/core/stats/median'
import { REPO_ROOT } from '@promptly/db/repo-paths'

import { DEFAULT_SERVER_ENTRY, freePort } from '../src/testing/server-processes.ts'
import { loadAverage } from './load-pairs.ts'
import { timeOneStart, type TimedStart } from './start-up-process.ts'

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 5)
const RESTART_TARGET_MS = 2000
const KINDS = [
  'first start',
  'restart',
  'first, no template',
  'bare process',
  'baseline first start',
  'baseline restart',
] as const
type Kind = (typeof KINDS)[number]

/** The floor: a process that answers `/` as soon as it runs. */
const BARE_SERVER = `import { createServer } from 'node:http'
createServer((req, res) => res.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')
`

async function main(): Promise<void> {
  const entry = path.resolve(REPO_ROOT, process.env.START_UP_ENTRY ?? DEFAULT_SERVER_ENTRY)
  // Without a web build the server answers the API alone, and `/` would never answer 200.
  const webDist = path.resolve(REPO_ROOT, process.env.WEB_DIST_DIR ?? 'apps/web/dist')
  for (const file of [entry, path.join(webDist, 'index.html')]) {
    if (!existsSync(file))
      throw new Error(`No ${file}: build first (\`npm run build\`), or see the header of this file`)
  }
  const work = await mkdtemp(path.join(tmpdir(), 'promptly-start-up-'))
  const bareEntry = path.join(work, 'bare-server.mjs')
  await writeFile(bareEntry, BARE_SERVER)
  const webDirs = Object.fromEntries(
    ['WEB_DIST_DIR', 'WEB_SERVER_DIST_DIR'].flatMap((key) => (process.env[key] ? [[key, process.env[key]]] : [])),
  )
  console.log(`Promptly start-up bench: ${entry}, Node ${process.version}, ${ROUNDS} rounds`)
  console.log(`load average at start: ${loadAverage()} (a busy machine starts everything slower; compare within a run)`)
  // Another build to compare with in the same run (an older commit's, built in a clone of its own).
  const baseline = process.env.START_UP_BASELINE_ENTRY && path.resolve(REPO_ROOT, process.env.START_UP_BASELINE_ENTRY)
  if (baseline) console.log(`baseline: ${baseline} (with the web build of its own repository)`)
  const runs = new Map<Kind, TimedStart[]>(
    KINDS.filter((kind) => baseline || !kind.startsWith('baseline')).map((kind) => [kind, []]),
  )
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const dataDir = path.join(work, `data-${round}`)
      const untemplated = path.join(work, `data-${round}-initdb`)
      // The template is used only where no pglite folder exists: an empty one makes PGlite run initdb.
      await mkdir(path.join(untemplated, 'pglite'), { recursive: true })
      const start = async (kind: Kind, serverEntry: string, env: Record<string, string>) => {
        const port = await freePort()
        const cwd = path.join(REPO_ROOT, 'apps/server')
        const web = serverEntry === baseline ? {} : webDirs
        runs.get(kind)!.push(await timeOneStart({ entry: serverEntry, cwd, port, env: { ...web, ...env } }))
      }
      await start('first start', entry, { DATA_DIR: dataDir })
      await start('restart', entry, { DATA_DIR: dataDir })
      await start('first, no template', entry, { DATA_DIR: untemplated })
      await start('bare process', bareEntry, {})
      if (baseline) {
        const baselineData = path.join(work, `data-${round}-baseline`)
        await start('baseline first start', baseline, { DATA_DIR: baselineData })
        await start('baseline restart', baseline, { DATA_DIR: baselineData })
      }
      process.stdout.write(`  round ${round + 1}/${ROUNDS} done (load ${loadAverage()})\n`)
    }
  } finally {
    await rm(work, { recursive: true, force: true })
  }
  report(runs)
  console.log(`load average at end: ${loadAverage()}`)
}

function report(runs: Map<Kind, TimedStart[]>): void {
  const seconds = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(2)} s`)
  const spread = (values: number[]) => `${seconds(Math.min(...values))}-${seconds(Math.max(...values))}`
  console.log('\n  medians              first page  (spread)            CPU     PGlite folder')
  for (const [kind, starts] of runs) {
    const firstPage = starts.map((start) => start.firstPageMs)
    const cpu = starts.flatMap((start) => (start.cpuMs === null ? [] : [start.cpuMs]))
    const origins = [...new Set(starts.map((start) => start.pgliteData ?? '-'))].join(',')
    console.log(
      `  ${kind.padEnd(20)} ${seconds(median(firstPage)).padStart(9)}  (${spread(firstPage)})`.padEnd(52) +
        `${cpu.length > 0 ? seconds(median(cpu)) : '-'}`.padStart(8) +
        `     ${origins}`,
    )
  }
  const phases = [...new Set([...runs.values()].flat().flatMap((start) => Object.keys(start.phasesMs)))]
  console.log(`\n  server phases, medians (ms): ${[...phases, 'first render'].join(' / ')}`)
  for (const [kind, starts] of runs) {
    if (starts.every((start) => start.totalMs === null)) continue
    const of = (pick: (start: TimedStart) => number | null | undefined) =>
      String(Math.round(median(starts.map((start) => pick(start) ?? 0))))
    const figures = [...phases.map((phase) => of((start) => start.phasesMs[phase])), of((s) => s.firstRenderMs)]
    console.log(`  ${kind.padEnd(20)} ${figures.join(' / ')}`)
  }
  const firstPage = (kind: Kind) => median((runs.get(kind) ?? []).map((start) => start.firstPageMs))
  const restart = firstPage('restart')
  const first = firstPage('first start')
  console.log(
    `\n  first start with the template vs without: ${(firstPage('first, no template') / first).toFixed(2)}x faster`,
  )
  if (runs.has('baseline restart')) {
    console.log(
      `  vs the baseline build: first start ${(firstPage('baseline first start') / first).toFixed(2)}x faster,`,
    )
    console.log(`  restart ${(firstPage('baseline restart') / restart).toFixed(2)}x faster`)
  }
  const verdict = restart < RESTART_TARGET_MS ? 'ok' : 'MISSED'
  console.log(`  restart: ${seconds(restart)}  [target < ${seconds(RESTART_TARGET_MS)} on a quiet machine: ${verdict}]`)
}

await main()
