import { describe, expect, it } from 'vitest'

import { formElement } from '../catalogue/tool.ts'
import {
  MAX_TOTAL_VALUE_LENGTH,
  MAX_VALUE_LENGTH,
  MAX_VALUE_ROWS,
  MAX_VALUES_PER_ROW,
  requiredFieldMessage,
} from './form-value-rules.ts'
import { generationValues } from './form-values.ts'

describe('generationValues (the `groups` a client sends)', () => {
  it('takes rows of strings and booleans', () => {
    expect(
      generationValues.parse([
        ['a chef', 'cooking'],
        ['Witty', true],
      ]),
    ).toEqual([
      ['a chef', 'cooking'],
      ['Witty', true],
    ])
  })

  it.each([
    ['a row that is not a list', ['a chef']],
    ['a number', [[42]]],
    ['null', [[null]]],
    ['an object', [[{ value: 'x' }]]],
    ['a flat list of values', 'a chef'],
  ])('refuses %s', (_case, value) => {
    expect(generationValues.safeParse(value).success).toBe(false)
  })

  it('bounds rows, values per row, one value and all values together', () => {
    expect(generationValues.safeParse(Array.from({ length: MAX_VALUE_ROWS + 1 }, () => ['x'])).success).toBe(false)
    expect(generationValues.safeParse([Array.from({ length: MAX_VALUES_PER_ROW + 1 }, () => 'x')]).success).toBe(false)
    expect(generationValues.safeParse([['x'.repeat(MAX_VALUE_LENGTH + 1)]]).success).toBe(false)
    expect(generationValues.safeParse([['x'.repeat(MAX_VALUE_LENGTH)]]).success).toBe(true)
    const total = Math.ceil(MAX_TOTAL_VALUE_LENGTH / MAX_VALUE_LENGTH) + 1
    const overTotal = generationValues.safeParse([Array.from({ length: total }, () => 'x'.repeat(MAX_VALUE_LENGTH))])
    expect(overTotal.success).toBe(false)
    expect(overTotal.error?.issues[0]?.message).toBe(
      `All fields together can hold at most ${MAX_TOTAL_VALUE_LENGTH} characters`,
    )
  })
})

describe('requiredFieldMessage (shared by the browser form and the server)', () => {
  const topic = formElement.parse({ text: 'Topic', placeholder: 'What is it about', gpt: '{value}', type: 'input' })

  it("answers '{placeholder} is required' for an empty or blank required text field", () => {
    expect(requiredFieldMessage(topic, '')).toBe('What is it about is required')
    expect(requiredFieldMessage(topic, ' \n ')).toBe('What is it about is required')
    expect(requiredFieldMessage(topic, undefined)).toBe('What is it about is required')
  })

  it('passes a filled field and any optional one', () => {
    expect(requiredFieldMessage(topic, 'cats')).toBeNull()
    expect(requiredFieldMessage({ ...topic, required: false }, '')).toBeNull()
  })

  it('never asks for a switch, checkbox or tone (they always have a value)', () => {
    for (const type of ['switch', 'checkbox', 'tone']) {
      expect(requiredFieldMessage({ ...topic, type, options: ['a', 'b'] }, '')).toBeNull()
    }
  })

  it('asks for an empty required select', () => {
    expect(requiredFieldMessage({ ...topic, type: 'select', options: ['a'] }, '')).toBe('What is it about is required')
  })
})
