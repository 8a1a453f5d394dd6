import { formatPrice } from '../../payment/payment-format.ts'
import { formatCount } from '../admin-format.ts'
import type { Stats, StatsDay, StatsTool } from '../admin-types.ts'
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

export function chartDays(days: readonly StatsDay[]): ChartDay[] {
  return days.map((day) => ({
    label: dayLabel(day.day),
    generations: day.generations,
    failed: day.failed,
    creditsSpent: day.creditsSpent,
    signUps: day.signUps,
    revenue: day.revenueCents / 100,
  }))
}

const UNNAMED_TOOLS: Record<StatsTool['kind'], string> = {
  generic: 'A deleted tool',
  paraphrase: 'Paraphrase',
  image: 'Image generator',
  text_to_audio: 'Text to audio',
  transcription: 'Transcription',
}

/** A tool as the credits chart names it: a dedicated tool run without a catalogue entry by its kind. */
export function toolLabel(tool: Pick<StatsTool, 'toolName' | 'kind'>): string {
  return tool.toolName ?? UNNAMED_TOOLS[tool.kind]
}

export interface ToolCredits {
  tool: string
  credits: number
}

/** The top tools by credits spent, most first; tools that spent nothing are left out. */
export function toolCredits(tools: readonly StatsTool[]): ToolCredits[] {
  return tools
    .filter((tool) => tool.creditsSpent > 0)
    .map((tool) => ({ tool: toolLabel(tool), credits: tool.creditsSpent }))
    .sort((a, b) => b.credits - a.credits)
}

/**
 * A chart's text for screen readers and for a glance: the total over the range and its busiest day
 * ("12 generations over 7 days; the busiest day was Nov 20, with 5."), or that there was none.
 */
export function dailySummary(
  days: readonly StatsDay[],
  value: (day: StatsDay) => number,
  format: (amount: number) => string,
): string {
  const span = days.length === 1 ? '1 day' : `${days.length} days`
  const total = days.reduce((sum, day) => sum + value(day), 0)
  if (total === 0) return `${format(0)} over ${span}.`
  const busiest = days.reduce((best, day) => (value(day) > value(best) ? day : best))
  return `${format(total)} over ${span}; the busiest day was ${dayLabel(busiest.day)}, with ${format(value(busiest))}.`
}

export function countOf(singular: string, plural: string) {
  return (amount: number) => `${formatCount(amount)} ${amount === 1 ? singular : plural}`
}

export const dollars = (cents: number) => formatPrice(cents, 'usd')

/** The credits chart's text: the total and the tool that spent most. */
export function toolCreditsSummary(stats: Pick<Stats, 'topTools'>): string {
  const tools = toolCredits(stats.topTools)
  const total = tools.reduce((sum, tool) => sum + tool.credits, 0)
  const credits = countOf('credit', 'credits')
  const [top] = tools
  if (!top) return 'No credits were spent on tools in this range.'
  const spread = tools.length === 1 ? '1 tool' : `${tools.length} tools`
  return `${credits(total)} spent on ${spread}; the most on ${top.tool}, with ${credits(top.credits)}.`
}
