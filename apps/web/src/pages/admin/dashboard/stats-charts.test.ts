import { describe, expect, it } from 'vitest'

import { statsAnswer } from '../testing/admin-fixtures.ts'
import { ENGLISH_ADMIN_TEXT as text } from '../testing/admin-text.ts'
import { chartDays, countOf, dailySummary, dollarsOf, toolCredits, toolCreditsSummary } from './stats-charts.ts'
import { dayLabel, lastDays, rangeText } from './stats-period.ts'

const WEEK = ['2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25']
const generations = countOf(text, 'generations')

function tool(toolName: string | null, creditsSpent: number) {
  return {
    toolId: null,
    toolName,
    kind: 'generic' as const,
    generations: 1,
    failed: 0,
    failureRate: 0,
    creditsSpent,
    creditsPerDay: [],
  }
}

describe('the dashboard’s range', () => {
  it('ends today (UTC) and covers the days asked for', () => {
    expect(lastDays(7, new Date('2026-11-25T23:30:00Z'))).toEqual({ from: '2026-11-19', to: '2026-11-25' })
    expect(lastDays(30, new Date('2026-03-01T00:00:00Z'))).toEqual({ from: '2026-01-31', to: '2026-03-01' })
  })

  it('labels days in UTC, whatever the browser’s time zone', () => {
    expect(dayLabel('en', '2026-11-20')).toBe('Nov 20')
    expect(rangeText(text, { from: '2026-10-27', to: '2026-11-25' })).toBe('Oct 27 to Nov 25 (UTC)')
  })
})

describe('chart data', () => {
  it('plots revenue in dollars', () => {
    const stats = statsAnswer(['2026-11-20'], { '2026-11-20': { revenueCents: 1499, generations: 3 } })
    expect(chartDays('en', stats.days)).toEqual([
      { label: 'Nov 20', generations: 3, failed: 0, creditsSpent: 0, signUps: 0, revenue: 14.99 },
    ])
  })

  it('orders the tools by credits and leaves out those that spent none', () => {
    expect(toolCredits(text, [tool('A', 2), tool(null, 9), tool('C', 0)])).toEqual([
      { tool: 'A deleted tool', credits: 9 },
      { tool: 'A', credits: 2 },
    ])
  })
})

describe('chart summaries', () => {
  it('gives the total and the busiest day', () => {
    const stats = statsAnswer(WEEK, { '2026-11-20': { generations: 5 }, '2026-11-23': { generations: 7 } })
    expect(dailySummary(text, stats.days, (day) => day.generations, generations)).toBe(
      '12 generations over 7 days; the busiest day was Nov 23, with 7 generations.',
    )
    expect(dailySummary(text, stats.days.slice(0, 2), (day) => day.revenueCents, dollarsOf(text))).toBe(
      '$0.00 over 2 days.',
    )
  })

  it('says zero for an empty range rather than naming a busiest day', () => {
    const stats = statsAnswer(WEEK)
    expect(dailySummary(text, stats.days, (day) => day.signUps, countOf(text, 'signUps'))).toBe(
      '0 sign-ups over 7 days.',
    )
  })

  it('names the tool that spent most', () => {
    expect(toolCreditsSummary(text, { topTools: [tool('Bio', 3), tool('Caption', 1)] })).toBe(
      '4 credits spent on 2 tools; the most on Bio, with 3 credits.',
    )
    expect(toolCreditsSummary(text, { topTools: [] })).toBe('No credits were spent on tools in this range.')
  })
})
