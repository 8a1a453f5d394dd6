import { median } from '@promptly/core/stats/median'
import type { Db } from '@promptly/db/client'

import type { ResourceSample } from './soak-sampler.ts'
import type { RequestLog } from './soak-schedule.ts'
import { SOAK_KINDS, type SoakKind } from './soak-settings.ts'

export interface KindFigures {
  requests: number
  errors: number
  p50Ms: number | null
  p99Ms: number | null
}

export interface InstanceMinute {
  name: string
  rssMeanBytes: number | null
  rssMaxBytes: number | null
  heapUsedMeanBytes: number | null
  /** The worst of the minute's samples. */
  eventLoopLagP99Ms: number | null
  poolConnectionsMax: number | null
}

/** One minute of the run, as the JSON keeps it. */
export interface MinuteFigures {
  minute: number
  kinds: Record<SoakKind, KindFigures>
  instances: InstanceMinute[]
  /** The most sessions on the run's database in any sample of the minute, all applications together. */
  pgConnectionsMax: number | null
  /** The minute's last sample, by application_name. */
  pgConnectionsByApplication: Record<string, number> | null
  redisUsedMemoryBytes: number | null
  redisKeys: number | null
  /** The load generator's longest event-loop stall in the minute (loop-stall-meter.ts). */
  loadGeneratorStallMaxMs: number | null
  /**
   * Tables PostgreSQL's autovacuum vacuumed or analysed during the minute (since the previous minute's
   * last sample, or the one taken as the clock started): a plan can change after an analyse, and a
   * vacuum competes for the disk and the cores.
   */
  autoVacuumed: string[]
  autoAnalyzed: string[]
}

/** Nearest-rank percentile (p in 0..100) of values already sorted ascending; null for none. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

export function kindFigures(latenciesMs: readonly number[], errors: number): KindFigures {
  const sorted = [...latenciesMs].sort((a, b) => a - b)
  return {
    requests: sorted.length + errors,
    errors,
    p50Ms: tenths(percentile(sorted, 50)),
    p99Ms: tenths(percentile(sorted, 99)),
  }
}

/** To a tenth of a millisecond: finer than the figures mean, and the JSON stays readable. */
const tenths = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10)
const whole = (value: number | null) => (value === null ? null : Math.round(value))

/**
 * Minute `minute`'s figures: its requests (those that started in it) and the resource samples taken
 * in it (the sample at its end included: a minute is (m - 1, m] minutes after the start).
 */
export function minuteFigures(
  minute: number,
  log: RequestLog,
  samples: readonly ResourceSample[],
  instanceNames: readonly string[],
  loadGeneratorStallMaxMs: number | null,
): MinuteFigures {
  const requests = log.minute(minute)
  const inMinute = samples.filter((sample) => sample.atMs > (minute - 1) * 60_000 && sample.atMs <= minute * 60_000)
  const last = inMinute.at(-1)
  const before = samples.filter((sample) => sample.atMs <= (minute - 1) * 60_000).at(-1)
  const maintained = (pick: (counts: { vacuums: number; analyzes: number }) => number) =>
    Object.entries(last?.pgMaintenance ?? {})
      .filter(([table, counts]) => pick(counts) > pick(before?.pgMaintenance?.[table] ?? { vacuums: 0, analyzes: 0 }))
      .map(([table]) => table)
  const pgTotals = numbers(inMinute.map((sample) => sample.pgConnections && sum(Object.values(sample.pgConnections))))
  return {
    minute,
    kinds: Object.fromEntries(
      SOAK_KINDS.map((kind) => [kind, kindFigures(requests[kind].latenciesMs, requests[kind].errors)]),
    ) as Record<SoakKind, KindFigures>,
    instances: instanceNames.map((name, index) =>
      instanceMinute(
        name,
        inMinute.map((s) => s.instances[index] ?? null),
      ),
    ),
    pgConnectionsMax: pgTotals.length > 0 ? Math.max(...pgTotals) : null,
    pgConnectionsByApplication: last?.pgConnections ?? null,
    redisUsedMemoryBytes: last?.redisUsedMemoryBytes ?? null,
    redisKeys: last?.redisKeys ?? null,
    loadGeneratorStallMaxMs,
    autoVacuumed: before ? maintained((counts) => counts.vacuums) : [],
    autoAnalyzed: before ? maintained((counts) => counts.analyzes) : [],
  }
}

function instanceMinute(
  name: string,
  samples: readonly (ResourceSample['instances'][number] | null)[],
): InstanceMinute {
  const read = samples.filter((sample) => sample !== null)
  const rss = read.map((sample) => sample.rssBytes)
  return {
    name,
    rssMeanBytes: whole(mean(rss)),
    rssMaxBytes: rss.length > 0 ? Math.max(...rss) : null,
    heapUsedMeanBytes: whole(mean(read.map((sample) => sample.heapUsedBytes))),
    eventLoopLagP99Ms: read.length > 0 ? tenths(Math.max(...read.map((sample) => sample.eventLoopLagP99Ms))) : null,
    poolConnectionsMax: read.length > 0 ? Math.max(...read.map((sample) => sample.poolConnections)) : null,
  }
}

/** The whole run's figures of each kind, every minute's requests together. */
export function runFigures(log: RequestLog, minutes: number): Record<SoakKind, KindFigures> {
  return Object.fromEntries(
    SOAK_KINDS.map((kind) => {
      const all = Array.from({ length: minutes }, (_, index) => log.minute(index + 1)[kind])
      return [
        kind,
        kindFigures(
          all.flatMap((entry) => entry.latenciesMs),
          sum(all.map((entry) => entry.errors)),
        ),
      ]
    }),
  ) as Record<SoakKind, KindFigures>
}

export interface LedgerCheck {
  accounts: number
  /** Accounts whose balance is not what their ledger entries sum to, or is below zero. */
  mismatches: { userId: string; balance: number; ledgerSum: number }[]
}

/** Every account's balance against the sum of its ledger entries, read from the shared database. */
export async function checkLedger(prisma: Db): Promise<LedgerCheck> {
  const [users, sums] = await Promise.all([
    prisma.user.findMany({ select: { id: true, creditBalance: true } }),
    prisma.creditEntry.groupBy({ by: ['userId'], _sum: { amount: true } }),
  ])
  const ledger = new Map(sums.map((row) => [row.userId, row._sum.amount ?? 0]))
  const mismatches = users
    .map((user) => ({ userId: user.id, balance: user.creditBalance, ledgerSum: ledger.get(user.id) ?? 0 }))
    .filter((row) => row.balance !== row.ledgerSum || row.balance < 0)
  return { accounts: users.length, mismatches }
}

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : sum(values) / values.length
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

/** The values that are numbers (NaN and null left out). */
export function numbers(values: readonly (number | null | undefined)[]): number[] {
  return values.filter((value): value is number => typeof value === 'number' && !Number.isNaN(value))
}

/** The median of the values that are numbers; null for none. */
export function medianOf(values: readonly (number | null)[]): number | null {
  const present = numbers(values)
  return present.length === 0 ? null : median(present)
}
