import { readFileSync } from 'node:fs'

import { median } from '@promptly/core/stats/median'

import { measureLoad, type LoadResult } from './load.ts'

/** A server measured against its baseline, in alternating back-to-back runs. */
export interface LoadPair {
  subject: string
  baseline: string
  subjectUrl: string
  baselineUrl: string
  /** Sent to both (a signed-in caller's authorization; the bare server ignores it). */
  headers?: Record<string, string>
  /** The ratio to bare this pair must reach; none for the noise floor (two identical servers). */
  target?: number
  /** Printed in place of a verdict for a pair without a target (default: the noise floor's). */
  untargeted?: string
  /** The subject's p99 must stay below this (ms). */
  p99TargetMs?: number
}

export interface PairRuns {
  subject: LoadResult[]
  baseline: LoadResult[]
}

export interface LoadSettings {
  connections: number
  seconds: number
  rounds: number
}

/**
 * Runs every pair `rounds` times, subject and baseline back to back, each in turn first and second,
 * after a warm-up of every subject: a slow phase of the machine then hits both runs of a pair, and no
 * side always runs after the other. The ratio read from the runs is the median of the rounds' ratios.
 */
export async function runPairs(pairs: readonly LoadPair[], settings: LoadSettings): Promise<PairRuns[]> {
  const load = (url: string, headers: Record<string, string> | undefined, warmupSeconds = 0) =>
    measureLoad(url, {
      connections: settings.connections,
      durationSeconds: settings.seconds,
      warmupSeconds,
      ...(headers && { headers }),
    })
  // Every subject warmed, and one bare server: they all run the same bare Fastify code.
  const first = pairs[0]
  if (first) await load(first.baselineUrl, first.headers, 1)
  for (const pair of pairs) await load(pair.subjectUrl, pair.headers, 1)
  const runs = pairs.map((): PairRuns => ({ subject: [], baseline: [] }))
  for (let round = 0; round < settings.rounds; round++) {
    for (const [index, pair] of pairs.entries()) {
      const run = runs[index]!
      if (round % 2 === 0) {
        run.baseline.push(await load(pair.baselineUrl, pair.headers))
        run.subject.push(await load(pair.subjectUrl, pair.headers))
      } else {
        run.subject.push(await load(pair.subjectUrl, pair.headers))
        run.baseline.push(await load(pair.baselineUrl, pair.headers))
      }
    }
  }
  return runs
}

/** Two lines per pair: the baseline, then the subject with its ratio to bare, p99 and verdicts. */
export function printPair(pair: LoadPair, { subject, baseline }: PairRuns): { ok: boolean } {
  const ratios = subject
    .map((result, round) => result.requestsPerSecond / baseline[round]!.requestsPerSecond)
    .sort((a, b) => a - b)
  const ratio = median(ratios)
  const p99 = median(subject.map((result) => result.p99Ms))
  const spread = `rounds ${ratios[0]!.toFixed(2)}-${ratios.at(-1)!.toFixed(2)}`
  const verdicts: string[] = []
  let ok = true
  if (pair.target === undefined) verdicts.push(pair.untargeted ?? '(noise floor: two identical servers)')
  else {
    ok &&= ratio >= pair.target
    verdicts.push(`[>= ${pair.target}x: ${ratio >= pair.target ? 'ok' : 'MISSED'}]`)
  }
  if (pair.p99TargetMs !== undefined) {
    ok &&= p99 < pair.p99TargetMs
    verdicts.push(`[p99 < ${pair.p99TargetMs} ms: ${p99 < pair.p99TargetMs ? 'ok' : 'MISSED'}]`)
  }
  print(`    ${describeLoad(pair.baseline, baseline)}`)
  print(
    `    ${describeLoad(pair.subject, subject)}  ${ratio.toFixed(2)}x bare (median of ${ratios.length}, ${spread}) ` +
      verdicts.join(' '),
  )
  return { ok }
}

/** Mean requests/s, median p50 and p99 over the rounds, and any failed request. */
function describeLoad(label: string, results: LoadResult[]): string {
  const requestsPerSecond = results.reduce((sum, result) => sum + result.requestsPerSecond, 0) / results.length
  const failures = results.reduce((sum, result) => sum + result.failures, 0)
  const p50 = median(results.map((result) => result.p50Ms))
  const p99 = median(results.map((result) => result.p99Ms))
  return (
    `${label.padEnd(30)} ${Math.round(requestsPerSecond).toString().padStart(6)} req/s  p50 ${p50.toFixed(0)} ` +
    `ms  p99 ${p99.toFixed(0).padStart(3)} ms${failures > 0 ? `  (${failures} failed requests!)` : ''}`
  )
}

/** The 1, 5 and 15-minute load averages: figures taken above the core count are the machine's, not the server's. */
export function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  } catch {
    return 'unknown (no /proc/loadavg)'
  }
}

/** One line of the bench's report, on standard output. */
export function print(line: string): void {
  process.stdout.write(`${line}\n`)
}
