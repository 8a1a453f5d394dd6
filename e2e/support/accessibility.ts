import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/** WCAG 2.1 A and AA, plus axe's best practices (landmarks, heading order, one main, ...). */
const RULE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']

/**
 * Checks the page as it is now with axe-core and fails listing every violation: the rule, what it
 * asks, and where (for contrast, the colours and ratio found).
 */
export async function expectNoAccessibilityViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(RULE_TAGS).analyze()
  const found = violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as
        | { fgColor: string; bgColor: string; contrastRatio: number }
        | undefined
      const detail = contrast ? ` (${contrast.fgColor} on ${contrast.bgColor}: ${contrast.contrastRatio}:1)` : ''
      return `${violation.id}: ${violation.help}${detail} at ${node.target.join(' ')}`
    }),
  )
  expect(found, `accessibility violations on ${where}`).toEqual([])
}
