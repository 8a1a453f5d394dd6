import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { describeFailure, startFuzzTarget, type FuzzTarget } from './testing/fuzz/fuzz-target.ts'

/**
 * Hostile requests to every REST route (read from Fastify's route table) and every tRPC procedure
 * (from the app router), signed out and signed in: none may answer a server error, no answer may
 * show a stack trace, a source path or SQL, and a refused one may not change a row. Seeded, so a
 * failure replays; `npm run bench` runs 1,000 cases per route and procedure (bench/fuzz.bench.ts).
 */
const SEED = 20261125
const RUNS = Number(process.env.FUZZ_RUNS ?? 500)

let target: FuzzTarget

beforeAll(async () => {
  target = await startFuzzTarget()
})
afterAll(() => target?.close())

describe('fuzzed requests', () => {
  it("finds the app's routes and procedures, each one a fuzzing entry", () => {
    expect(target.routes).toBeGreaterThan(30)
    expect(target.procedures).toBeGreaterThan(15)
    expect(target.entries).toHaveLength(target.routes + target.procedures)
  })

  it(`answers ${RUNS} hostile requests: no 5xx, no leak of the server's insides, no write when refused`, async () => {
    const { counts, failures } = await target.run(RUNS, SEED, { checkWritesOfFirst: RUNS })
    const report = failures.map(describeFailure)
    expect(report, `status classes: ${JSON.stringify(counts)}`).toEqual([])
    expect(counts['4xx'] ?? 0).toBeGreaterThan(0)
    expect(counts['2xx'] ?? 0).toBeGreaterThan(0)
  })
})
