import type { Stats, StatsDay, StatsTool } from '../admin-types.ts'
import type { AdminText } from '../useAdminText.ts'
import { dayLabel } from './stats-period.ts'

/** One day as the charts plot it: labelled, revenue in dollars. */
export interface ChartDay {
  label: string
  generations: number
  failed: number
  creditsSpent: number
  signUps: number
  revenue: number
}

export function chartDays(language: string, days: readonly StatsDay[]): ChartDay[] {
  return days.map((day) => ({
    label: dayLabel(language, day.day),
    generations: day.generations,
    failed: day.failed,
    creditsSpent: day.creditsSpent,
    signUps: day.signUps,
    revenue: day.revenueCents / 100,
  }))
}

/** A tool as the credits chart names it: a dedicated tool run without a catalogue entry by its kind. */
export function toolLabel({ t }: AdminText, tool: Pick<StatsTool, 'toolName' | 'kind'>): string {
  return tool.toolName ?? t(`admin.dashboard.tools.${tool.kind}`)
}

export interface ToolCredits {
  tool: string
  credits: number
}

/** The top tools by credits spent, most first; tools that spent nothing are left out. */
export function toolCredits(text: AdminText, tools: readonly StatsTool[]): ToolCredits[] {
  return tools
    .filter((tool) => tool.creditsSpent > 0)
    .map((tool) => ({ tool: toolLabel(text, tool), credits: tool.creditsSpent }))
    .sort((a, b) => b.credits - a.credits)
}

/** What a chart counts, as its summary names an amount of it ("12 generations"). */
export type CountedThing = 'generations' | 'signUps' | 'credits' | 'tools' | 'days'

export function countOf({ t, format }: AdminText, thing: CountedThing) {
  return (amount: number) => t(`admin.dashboard.summary.${thing}`, { count: amount, amount: format.number(amount) })
}

/**
 * A chart's text for screen readers and for a glance: the total over the range and its busiest day
 * ("12 generations over 7 days; the busiest day was Nov 20, with 5."), or that there was none.
 */
export function dailySummary(
  text: AdminText,
  days: readonly StatsDay[],
  value: (day: StatsDay) => number,
  amountText: (amount: number) => string,
): string {
  const { t, format } = text
  const span = countOf(text, 'days')(days.length)
  const total = days.reduce((sum, day) => sum + value(day), 0)
  if (total === 0) return t('admin.dashboard.summary.none', { total: amountText(0), span })
  const busiest = days.reduce((best, day) => (value(day) > value(best) ? day : best))
  return t('admin.dashboard.summary.busiest', {
    total: amountText(total),
    span,
    day: dayLabel(format.language, busiest.day),
    most: amountText(value(busiest)),
  })
}

/** Cents as dollars, in the page's language ("$14.99"). */
export function dollarsOf({ format }: AdminText) {
  return (cents: number) => format.dollars(cents / 100)
}

/** The credits chart's text: the total and the tool that spent most. */
export function toolCreditsSummary(text: AdminText, stats: Pick<Stats, 'topTools'>): string {
  const { t } = text
  const tools = toolCredits(text, stats.topTools)
  const total = tools.reduce((sum, tool) => sum + tool.credits, 0)
  const credits = countOf(text, 'credits')
  const [top] = tools
  if (!top) return t('admin.dashboard.summary.noTools')
  return t('admin.dashboard.summary.spentOnTools', {
    total: credits(total),
    spread: countOf(text, 'tools')(tools.length),
    tool: top.tool,
    most: credits(top.credits),
  })
}
