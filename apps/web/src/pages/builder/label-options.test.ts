import { describe, expect, it } from 'vitest'

import { LABELS } from '@promptly/core/catalogue/labels'

import { testI18n } from '../../i18n/testing.ts'
import {
  BUILDER_LABEL_OPTIONS,
  labelName,
  matchingLabels,
  optionNamed,
  stepHighlight,
  withLabel,
} from './label-options.ts'

/** Label names as another language shows them: the picker searches and adds by these. */
const SPANISH: Record<string, string> = { 'Email Tools': 'Herramientas de correo', YouTube: 'YouTube' }
const inSpanish = (label: string) => SPANISH[label] ?? label

describe('matchingLabels', () => {
  it('matches a substring in any case and leaves out chosen labels', () => {
    expect(matchingLabels(BUILDER_LABEL_OPTIONS, ['seo tools'], ' TOOLS')).not.toContain('SEO Tools')
    expect(matchingLabels(BUILDER_LABEL_OPTIONS, [], 'tube')).toEqual(['YouTube'])
  })

  it('never offers My Tools, a per-user view', () => {
    expect(matchingLabels(BUILDER_LABEL_OPTIONS, [], 'my')).toEqual([])
  })
})

describe('labels in the reader’s language', () => {
  it('searches the names shown, and adds a name typed in full as its stored label', () => {
    expect(matchingLabels(BUILDER_LABEL_OPTIONS, [], 'correo', inSpanish)).toEqual(['Email Tools'])
    expect(optionNamed(BUILDER_LABEL_OPTIONS, ' herramientas de CORREO ', inSpanish)).toBe('Email Tools')
    expect(optionNamed(BUILDER_LABEL_OPTIONS, 'Cooking', inSpanish)).toBe('Cooking')
  })

  it('names every listed label by its text (in English, as stored), and any other as written', () => {
    const english = testI18n.getFixedT('en', 'admin')
    for (const label of LABELS) expect(labelName(english, label)).toBe(label)
    expect(labelName(english, 'Cooking')).toBe('Cooking')
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
