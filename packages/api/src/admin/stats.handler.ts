import type { ToolKind } from '@promptly/core/catalogue/tool'

import type { AuthedContext } from '../context.ts'
import { daysBetween } from './stats-range.ts'
import { STATS_TOP_TOOLS, type StatsDay, type StatsInput, type StatsOutput, type StatsTool } from './stats.schema.ts'

interface ToolDayRow {
  day: string
  toolId: string | null
  toolName: string | null
  kind: ToolKind
  generations: number
  succeeded: number
  failed: number
  credits: number
}

interface DayValue {
  day: string
  value: number
}

/**
 * The admin console's figures for a range of UTC days: each aggregated by the database (GROUP BY
 * day, and tool for generations), four queries whatever the range; days with no rows are zeros.
 * Ranges are bounded by the schema (at most a year), so the per-day, per-tool rows stay few.
 */
export async function adminStats({ ctx, input }: { ctx: AuthedContext; input: StatsInput }): Promise<StatsOutput> {
  const { from, to } = input
  const generations = ctx.db.$queryRaw<ToolDayRow[]>`
    SELECT to_char(date_trunc('day', g.created_at), 'YYYY-MM-DD') AS day,
           g.tool_id::text AS "toolId", t.name AS "toolName", g.kind::text AS kind,
           count(*)::int AS generations,
           (count(*) FILTER (WHERE g.status = 'succeeded'))::int AS succeeded,
           (count(*) FILTER (WHERE g.status = 'failed'))::int AS failed,
           (COALESCE(sum(g.credits) FILTER (WHERE g.status = 'succeeded'), 0))::int AS credits
      FROM generations g
      LEFT JOIN tools t ON t.id = g.tool_id
     WHERE g.created_at >= ${from}::date AND g.created_at < ${to}::date + 1
     GROUP BY 1, g.tool_id, t.name, g.kind`
  const signUps = ctx.db.$queryRaw<DayValue[]>`
    SELECT to_char(date_trunc('day', created_at), 'YYYY-MM-DD') AS day, count(*)::int AS value
      FROM users
     WHERE created_at >= ${from}::date AND created_at < ${to}::date + 1
     GROUP BY 1`
  // float8: a sum of cents may pass 2^31; a double holds whole cents exactly far beyond any revenue.
  const revenue = ctx.db.$queryRaw<DayValue[]>`
    SELECT to_char(date_trunc('day', paid_at), 'YYYY-MM-DD') AS day, sum(price_cents)::float8 AS value
      FROM purchases
     WHERE status = 'paid' AND paid_at >= ${from}::date AND paid_at < ${to}::date + 1
     GROUP BY 1`
  const usage = ctx.db.$queryRaw<DayValue[]>`
    SELECT to_char(date_trunc('day', created_at), 'YYYY-MM-DD') AS day, (-sum(amount))::int AS value
      FROM credit_entries
     WHERE reason = 'usage' AND created_at >= ${from}::date AND created_at < ${to}::date + 1
     GROUP BY 1`
  const [toolDays, signUpDays, revenueDays, usageDays] = await Promise.all([generations, signUps, revenue, usage])

  const days = daysBetween(from, to)
  const series = new Map(days.map((day) => [day, emptyDay(day)]))
  for (const row of toolDays) {
    const day = series.get(row.day)
    if (!day) continue
    day.generations += row.generations
    day.succeeded += row.succeeded
    day.failed += row.failed
    day.creditsSpent += row.credits
  }
  for (const row of usageDays) addTo(series, row, 'creditsSpent')
  for (const row of signUpDays) addTo(series, row, 'signUps')
  for (const row of revenueDays) addTo(series, row, 'revenueCents')
  const daily = [...series.values()].map((day) => ({ ...day, failureRate: rate(day.failed, day.succeeded) }))

  const totals = emptyDay('')
  for (const day of daily) {
    totals.generations += day.generations
    totals.succeeded += day.succeeded
    totals.failed += day.failed
    totals.creditsSpent += day.creditsSpent
    totals.signUps += day.signUps
    totals.revenueCents += day.revenueCents
  }
  const { day: _unused, ...figures } = totals
  return {
    from,
    to,
    days: daily,
    totals: { ...figures, failureRate: rate(totals.failed, totals.succeeded) },
    topTools: topTools(toolDays, days),
  }
}

function emptyDay(day: string): StatsDay {
  return { day, generations: 0, succeeded: 0, failed: 0, failureRate: 0, creditsSpent: 0, signUps: 0, revenueCents: 0 }
}

function addTo(series: Map<string, StatsDay>, row: DayValue, field: 'creditsSpent' | 'signUps' | 'revenueCents') {
  const day = series.get(row.day)
  if (day) day[field] += Number(row.value)
}

function rate(failed: number, succeeded: number): number {
  const finished = failed + succeeded
  return finished === 0 ? 0 : failed / finished
}

/** Each tool's totals and per-day credits from the (day, tool) rows, the most used first. */
function topTools(rows: readonly ToolDayRow[], days: readonly string[]): StatsTool[] {
  const position = new Map(days.map((day, index) => [day, index]))
  const tools = new Map<string, StatsTool & { succeeded: number }>()
  for (const row of rows) {
    const key = `${row.toolId ?? ''}/${row.kind}`
    let tool = tools.get(key)
    if (!tool) {
      const { toolId, toolName, kind } = row
      const creditsPerDay = days.map(() => 0)
      tool = {
        toolId,
        toolName,
        kind,
        generations: 0,
        succeeded: 0,
        failed: 0,
        failureRate: 0,
        creditsSpent: 0,
        creditsPerDay,
      }
      tools.set(key, tool)
    }
    tool.generations += row.generations
    tool.succeeded += row.succeeded
    tool.failed += row.failed
    tool.creditsSpent += row.credits
    const index = position.get(row.day)
    if (index !== undefined) tool.creditsPerDay[index] = (tool.creditsPerDay[index] ?? 0) + row.credits
  }
  return [...tools.values()]
    .sort((a, b) => b.generations - a.generations || b.creditsSpent - a.creditsSpent || byName(a, b))
    .slice(0, STATS_TOP_TOOLS)
    .map(({ succeeded, ...tool }) => ({ ...tool, failureRate: rate(tool.failed, succeeded) }))
}

function byName(a: StatsTool, b: StatsTool): number {
  return (a.toolName ?? a.kind).localeCompare(b.toolName ?? b.kind)
}
