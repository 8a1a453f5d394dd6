/**
 * `npm run bench` (after the catalogue and generation benches): the fuzz test's hostile requests,
 * 1,000 per REST route and per tRPC procedure by default (BENCH_FUZZ_RUNS_PER_ENTRY), signed out and
 * signed in, on a scratch PGlite database. A case fails when it is answered with a server error,
 * when an answer shows a stack trace, a source path or SQL, or when a refused one changed a row
 * (checked for the first BENCH_FUZZ_WRITE_CHECKS cases of each entry). Prints one line per route
 * and procedure (cases, answers per status class, failures), then every failure; exits 1 if any.
 */
import { describeFailure, startFuzzTarget, type FuzzFailure } from '../src/testing/fuzz/fuzz-target.ts'

const RUNS_PER_ENTRY = Number(process.env.BENCH_FUZZ_RUNS_PER_ENTRY ?? 1_000)
const WRITE_CHECKS = Number(process.env.BENCH_FUZZ_WRITE_CHECKS ?? 100)
const SEED = Number(process.env.BENCH_FUZZ_SEED ?? 20261125)

const target = await startFuzzTarget()
try {
  console.log(
    `fuzz: ${RUNS_PER_ENTRY} cases for each of ${target.routes} routes and ${target.procedures} tRPC procedures ` +
      `(writes checked on the first ${WRITE_CHECKS} of each), seed ${SEED}`,
  )
  const startedAt = performance.now()
  const failures: FuzzFailure[] = []
  let total = 0
  const width = Math.max(...target.entries.map((entry) => entry.name.length))
  for (const [index, entry] of target.entries.entries()) {
    // Each entry its own seed, so one entry's cases replay alone: seed + index * 1,000,000.
    const outcome = await target.runEntry(entry, RUNS_PER_ENTRY, SEED + index * 1_000_000, {
      checkWritesOfFirst: WRITE_CHECKS,
    })
    const cases = Object.values(outcome.counts).reduce((sum, count) => sum + count, 0)
    total += cases
    failures.push(...outcome.failures)
    const classes = Object.entries(outcome.counts)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([statusClass, count]) => `${statusClass} ${count}`)
      .join(', ')
    console.log(`  ${entry.name.padEnd(width)}  ${cases} cases  ${classes}  failures ${outcome.failures.length}`)
  }
  const seconds = (performance.now() - startedAt) / 1000
  const summary = `${total} cases over ${target.entries.length} entries in ${seconds.toFixed(0)} s`
  console.log(`fuzz: ${summary}, ${failures.length} failures`)
  for (const failure of failures) console.log(describeFailure(failure))
  if (failures.length > 0) process.exitCode = 1
} finally {
  await target.close()
}
