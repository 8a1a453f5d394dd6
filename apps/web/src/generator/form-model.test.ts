import { describe, expect, it } from 'vitest'

import { testI18n } from '../i18n/testing.ts'
import { hasMissingRequiredField, initialFormValues, missingRequiredFields, valuesToSend } from './form-model.ts'
import { EVERY_TYPE_GROUPS } from './testing/tool-fixtures.ts'

const generatorT = testI18n.getFixedT('en', 'generator')

describe('generator form values', () => {
  it(
    'starts with the spec defaults: empty text, switch and ' +
      'checkbox on, tone on its first option, select unanswered',
    () => {
      expect(initialFormValues(EVERY_TYPE_GROUPS).groups).toEqual([
        ['', ''],
        ['Friendly', true, true],
        ['', '', '', ''],
      ])
    },
  )

  it('fills the form from an earlier generation, dropping values that no longer fit the form', () => {
    const previous = [
      ['A designer', 'UX'],
      ['witty', false, 'Add hashtags.'],
      ['Podcast', 'Some text'],
    ]
    expect(initialFormValues(EVERY_TYPE_GROUPS, previous).groups).toEqual([
      ['A designer', 'UX'],
      // Options match whatever their case; the legacy client stored a toggle's option text.
      ['Witty', false, true],
      // 'Podcast' is not one of the select's options any more.
      ['', 'Some text', '', ''],
    ])
  })

  it('reads a legacy toggle value: the second option means off', () => {
    expect(initialFormValues(EVERY_TYPE_GROUPS, [[], ['Bold', 'No emojis.']]).groups[1]).toEqual(['Bold', false, true])
  })

  it("lists every required text-like field that is empty, in order, with '{placeholder} is required'", () => {
    const values = initialFormValues(EVERY_TYPE_GROUPS)
    expect(missingRequiredFields(EVERY_TYPE_GROUPS, values, generatorT)).toEqual([
      { path: 'groups.0.0', message: 'e.g. Product designer is required' },
      { path: 'groups.0.1', message: 'e.g. UX tips is required' },
      { path: 'groups.2.0', message: 'Choose a platform is required' },
      { path: 'groups.2.1', message: 'Paste your text is required' },
    ])
  })

  it('counts whitespace as empty, and never asks for switches, checkboxes, tones or optional fields', () => {
    const values = {
      groups: [
        ['  ', 'UX'],
        ['', false, false],
        ['X', 'text', '', ''],
      ],
    }
    expect(missingRequiredFields(EVERY_TYPE_GROUPS, values, generatorT).map((error) => error.path)).toEqual([
      'groups.0.0',
    ])
  })

  it('says whether any field is missing exactly when the list of missing fields is not empty', () => {
    const empty = initialFormValues(EVERY_TYPE_GROUPS)
    const filled = {
      groups: [
        ['A designer', 'UX'],
        ['Bold', false, false],
        ['X', 'text', '', ''],
      ],
    }
    const oneBlank = { groups: [['A designer', '  '], ...filled.groups.slice(1)] }
    for (const values of [empty, filled, oneBlank]) {
      const missing = missingRequiredFields(EVERY_TYPE_GROUPS, values, generatorT).length > 0
      expect(hasMissingRequiredField(EVERY_TYPE_GROUPS, values)).toBe(missing)
    }
    expect(hasMissingRequiredField(EVERY_TYPE_GROUPS, filled)).toBe(false)
    expect(hasMissingRequiredField(EVERY_TYPE_GROUPS, oneBlank)).toBe(true)
  })

  it('sends the rows as they are, text trimmed and toggles as booleans', () => {
    expect(
      valuesToSend({
        groups: [
          [' A designer ', 'UX'],
          ['Bold', false, true],
        ],
      }),
    ).toEqual([
      ['A designer', 'UX'],
      ['Bold', false, true],
    ])
  })
})
