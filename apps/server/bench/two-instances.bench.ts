/**
 * `npm run bench` (skipped without TEST_DATABASE_URL and TEST_REDIS_URL): two real server processes
 * (the built entry, see src/testing/server-processes.ts) on a fresh PostgreSQL database and one Redis,
 * the same cluster and scenarios as src/instances/two-instances.processes.test.ts, measured:
 * - GENERATIONS generations for one account at once, split between the instances, against BALANCE
 *   credits: how many succeeded and were refused, the final balance and what the ledger sums to;
 * - one payment webhook delivered WEBHOOK_COPIES times to each instance at once: duplicate grants;
 * - TOOL_CHANGES times, a tool made on one instance: how long until the other lists it (its list
 *   cached), median and max;
 * and the machine's load average before and after (the figures move with it: other work shares the CPUs).
 */
import { cpus, loadavg } from 'node:os'

import { CREDIT_COSTS } from '@promptly/core/credits/costs'

import { signUpOn, trpcOn } from '../src/testing/process-client.ts'
import { startTwoInstanceCluster } from '../src/testing/two-instance-cluster.ts'
import {
  adminOn,
  builtToolOn,
  replayPaymentWebhook,
  runGenerationsAcrossInstances,
  toolChangeServedAfter,
} from '../src/testing/two-instance-scenarios.ts'

const GENERATIONS = Number(process.env.BENCH_TWO_INSTANCES_GENERATIONS ?? 200)
const BALANCE = Number(process.env.BENCH_TWO_INSTANCES_BALANCE ?? 37)
const WEBHOOK_COPIES = 10
const TOOL_CHANGES = Number(process.env.BENCH_TWO_INSTANCES_TOOL_CHANGES ?? 9)
/** A ceiling per tool change: past it the change counts as not served (the cache's own TTL is 30 s). */
const TOOL_CHANGE_CEILING_MS = 10_000

async function main(): Promise<void> {
  const postgresUrl = process.env.TEST_DATABASE_URL
  const redisUrl = process.env.TEST_REDIS_URL
  if (!postgresUrl || !redisUrl) {
    console.log('two-instance bench skipped: set TEST_DATABASE_URL and TEST_REDIS_URL')
    return
  }
  const loadBefore = loadavg()
  const started = performance.now()
  const cluster = await startTwoInstanceCluster({ postgresUrl, redisUrl })
  try {
    const startMs = performance.now() - started
    const [first, second] = cluster.instances
    const admin = await adminOn(cluster, first)
    const tool = await builtToolOn(first, admin)

    const spender = await signUpOn(first, 'Bench Spender')
    await trpcOn(second, admin).admin.credits.grant.mutate({ userId: spender.user.id, credits: BALANCE, days: 30 })
    const runsStarted = performance.now()
    const runs = await runGenerationsAcrossInstances(cluster, spender, tool.id, GENERATIONS)
    const runsMs = performance.now() - runsStarted
    const refused = [...runs.refusals.values()].reduce((sum, count) => sum + count, 0)

    const buyer = await signUpOn(second, 'Bench Buyer')
    const replay = await replayPaymentWebhook(cluster, buyer, WEBHOOK_COPIES)

    const served: number[] = []
    let unserved = 0
    for (let change = 0; change < TOOL_CHANGES; change += 1) {
      const { servedAfterMs } = await toolChangeServedAfter(cluster, admin, TOOL_CHANGE_CEILING_MS)
      if (servedAfterMs === null) unserved += 1
      else served.push(servedAfterMs)
    }
    served.sort((a, b) => a - b)
    const loadAfter = loadavg()

    const expected = Math.floor(BALANCE / CREDIT_COSTS.text)
    console.log(`\ntwo server processes (${cpus().length} CPUs), both ready after ${ms(startMs)}`)
    console.log(`load average before: ${formatLoad(loadBefore)}   after: ${formatLoad(loadAfter)}`)
    console.log(
      `\n${GENERATIONS} concurrent generations, balance ${BALANCE}, cost ${CREDIT_COSTS.text} (${ms(runsMs)})`,
    )
    console.log(`  succeeded ${runs.succeeded} (expected ${expected}), refused ${refused}`)
    for (const [refusal, count] of runs.refusals) console.log(`    ${count} x ${refusal}`)
    console.log(`  final balance ${runs.balance}, ledger sum ${runs.ledgerSum}`)
    console.log(`\npayment webhook, ${WEBHOOK_COPIES} copies to each instance at once`)
    console.log(`  grants ${replay.grants}, duplicate grants ${replay.grants - 1}, purchase ${replay.purchaseStatus}`)
    console.log(`  final balance ${replay.balance}, ledger sum ${replay.ledgerSum}`)
    console.log(`\ntool made on one instance, listed by the other (its list cached), ${TOOL_CHANGES} changes`)
    console.log(
      `  median ${ms(median(served))}, min ${ms(served[0])}, max ${ms(served.at(-1))}` +
        (unserved > 0 ? `, ${unserved} not listed within ${ms(TOOL_CHANGE_CEILING_MS)}` : ''),
    )
    const wrong =
      runs.succeeded !== expected ||
      runs.balance !== runs.ledgerSum ||
      runs.balance < 0 ||
      replay.grants !== 1 ||
      replay.balance !== replay.ledgerSum ||
      unserved > 0
    if (wrong) {
      console.error('\ntwo-instance bench: a result above is wrong')
      process.exitCode = 1
    }
  } finally {
    await cluster.close()
  }
}

function median(sorted: number[]): number | undefined {
  if (sorted.length === 0) return undefined
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

function ms(value: number | undefined): string {
  return value === undefined ? 'n/a' : `${value.toFixed(value < 100 ? 1 : 0)} ms`
}

function formatLoad([one, five, fifteen]: number[]): string {
  return [one, five, fifteen].map((value) => (value ?? 0).toFixed(2)).join(' ')
}

await main()
