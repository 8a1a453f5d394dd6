import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { describeFailure, startFuzzTarget, type FuzzTarget } from './testing/fuzz/fuzz-target.ts'

/**
 * Hostile requests to every REST route (read from Fastify's route table) and every tRPC procedure
 * (from the app router), signed out and signed in: none may answer a server error. Seeded, so a
 * failure replays; `npm run bench` runs the same cases 10,000 times over (bench/fuzz.bench.ts).
 */
const SEED = 20261125
const RUNS = Number(process.env.FUZZ_RUNS ?? 500)

let target: FuzzTarget

beforeAll(async () => {
  target = await startFuzzTarget()
})
afterAll(() => target?.close())

describe('fuzzed requests', () => {
  it("finds the app's routes and procedures", () => {
    expect(target.routes).toBeGreaterThan(30)
    expect(target.procedures).toBeGreaterThan(15)
  })

  it(`answers ${RUNS} hostile requests without a 5xx`, async () => {
    const { counts, failures } = await target.run(RUNS, SEED)
    const report = failures.map(describeFailure)
    expect(report, `status classes: ${JSON.stringify(counts)}`).toEqual([])
    expect(counts['4xx'] ?? 0).toBeGreaterThan(0)
    expect(counts['2xx'] ?? 0).toBeGreaterThan(0)
  })
})
