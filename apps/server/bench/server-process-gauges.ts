/**
 * What the generation throughput bench reads of the server process while it runs: from /proc (Linux)
 * its peak RSS and CPU time, and from its /metrics its event-loop lag.
 */
import { readFileSync, writeFileSync } from 'node:fs'

import { scrapeMetrics } from '../src/metrics/testing/scrape-metrics.ts'

export function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

export function peakRssMb(pid: number): number | null {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  return match ? Number(match[1]) / 1024 : null
}

/**
 * The process's CPU time so far (utime + stime from /proc, in clock ticks of 10 ms): unlike wall
 * time, it hardly moves with what else the machine runs.
 */
export function cpuTimeMs(pid: number): number {
  // The command name (field 2) may hold spaces: the fields are counted from its closing parenthesis.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** prom-client's lag histogram restarts at each scrape: the p99 since the previous one. */
export async function loopLagP99Ms(metricsPort: number): Promise<number> {
  return (await scrapeMetrics(metricsPort)).value('nodejs_eventloop_lag_p99_seconds') * 1000
}
