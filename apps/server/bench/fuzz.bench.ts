/**
 * `npm run bench` (after the catalogue and generation benches): the fuzz test's hostile requests,
 * 10,000 of them by default (BENCH_FUZZ_RUNS), over every REST route and tRPC procedure, signed out
 * and signed in, on a scratch PGlite database. Prints the answers per status class and every
 * request answered with a server error; exits 1 if there was one.
 */
import { describeFailure, startFuzzTarget } from '../src/testing/fuzz/fuzz-target.ts'

const RUNS = Number(process.env.BENCH_FUZZ_RUNS ?? 10_000)
const SEED = Number(process.env.BENCH_FUZZ_SEED ?? 20261125)

const target = await startFuzzTarget()
try {
  console.log(
    `fuzz: ${RUNS} requests over ${target.routes} routes and ${target.procedures} tRPC procedures, seed ${SEED}`,
  )
  const startedAt = performance.now()
  const { counts, failures } = await target.run(RUNS, SEED)
  const seconds = (performance.now() - startedAt) / 1000
  const classes = Object.entries(counts).sort(([a], [b]) => a.localeCompare(b))
  console.log(
    `fuzz: ${classes.map(([statusClass, count]) => `${statusClass} ${count}`).join(', ')} in ${seconds.toFixed(1)} s`,
  )
  for (const failure of failures) console.log(describeFailure(failure))
  if (failures.length > 0) process.exitCode = 1
} finally {
  await target.close()
}
