import type { Telemetry } from '../telemetry.ts'

/** Each report, in order, as the method name and its arguments. */
export type Report = { [Method in keyof Telemetry]: [Method, ...Parameters<Telemetry[Method]>] }[keyof Telemetry]

/** A Telemetry that keeps every report, for tests of what the domain reports. */
export function recordingTelemetry(): Telemetry & { reports: Report[] } {
  const reports: Report[] = []
  return {
    reports,
    generationSettled: (...args) => void reports.push(['generationSettled', ...args]),
    providerCalled: (...args) => void reports.push(['providerCalled', ...args]),
    creditsMoved: (...args) => void reports.push(['creditsMoved', ...args]),
    procedureCalled: (...args) => void reports.push(['procedureCalled', ...args]),
    paymentEventHandled: (...args) => void reports.push(['paymentEventHandled', ...args]),
    rateLimited: (...args) => void reports.push(['rateLimited', ...args]),
    reservationsSwept: (...args) => void reports.push(['reservationsSwept', ...args]),
    catalogueLookup: (...args) => void reports.push(['catalogueLookup', ...args]),
  }
}
