import { describe, expect, it } from 'vitest'

import { BUILDER_LABEL_OPTIONS, matchingLabels, stepHighlight, withLabel } from './label-options.ts'

describe('matchingLabels', () => {
  it('matches a substring in any case and leaves out chosen labels', () => {
    expect(matchingLabels(BUILDER_LABEL_OPTIONS, ['seo tools'], ' TOOLS')).not.toContain('SEO Tools')
    expect(matchingLabels(BUILDER_LABEL_OPTIONS, [], 'tube')).toEqual(['YouTube'])
  })

  it('never offers My Tools, a per-user view', () => {
    expect(matchingLabels(BUILDER_LABEL_OPTIONS, [], 'my')).toEqual([])
  })
})

describe('withLabel', () => {
  it('adds trimmed text in the listed spelling, once', () => {
    expect(withLabel([], '  email tools ')).toEqual(['Email Tools'])
    const chosen = ['Email Tools']
    expect(withLabel(chosen, 'EMAIL TOOLS')).toBe(chosen)
    expect(withLabel(chosen, '   ')).toBe(chosen)
  })
})

describe('stepHighlight', () => {
  it('wraps at both ends and starts from the end the arrow points to', () => {
    expect(stepHighlight(-1, 3, 1)).toBe(0)
    expect(stepHighlight(-1, 3, -1)).toBe(2)
    expect(stepHighlight(2, 3, 1)).toBe(0)
    expect(stepHighlight(0, 3, -1)).toBe(2)
    expect(stepHighlight(0, 0, 1)).toBe(-1)
  })
})
