import { describe, expect, it } from 'vitest'

import { canFill, fillSlots, inSentence, optionSlots } from './role-slots.ts'
import { roleValuesOf } from './role-values.ts'

const values = roleValuesOf([
  { role: 'who', value: 'Indie game developer and coffee lover' },
  { role: 'topic', value: 'Pixel art, game design.' },
  { role: 'topic', value: 'Fernway trips' },
  { role: 'call_to_action', value: 'Newsletter below!' },
])

describe('role slots', () => {
  it('fills each slot with a whole value of its role, capitalised only at a sentence start', () => {
    const slots = optionSlots(values)
    expect(fillSlots('{Who}. Sharing {topic}, minus the jargon.', slots)).toBe(
      'Indie game developer and coffee lover. Sharing pixel art, game design, minus the jargon.',
    )
  })

  it('does not let an option say a value twice', () => {
    const slots = optionSlots(values)
    fillSlots('{Who}.', slots)
    expect(canFill('Hi, {who} here.', slots)).toBe(false)
    expect(canFill('{Topic} and {topic}.', optionSlots(values))).toBe(false)
    expect(canFill('Here for {topic}.', slots)).toBe(true)
  })

  it('has no value for a role the user left empty', () => {
    expect(canFill('Made for {audience}.', optionSlots(values))).toBe(false)
  })

  it('gives the next option the next value of a role, so every value gets said', () => {
    expect(optionSlots(values, 0).values).toMatchObject({ topic: 'Pixel art, game design', topic2: 'Fernway trips' })
    expect(optionSlots(values, 1).values).toMatchObject({ topic: 'Fernway trips', topic2: 'Pixel art, game design' })
  })

  it('lets a value that ends a sentence with "!" end it', () => {
    expect(fillSlots('{Cta}.', optionSlots(values))).toBe('Newsletter below!')
  })

  it('keeps the capitals of names and acronyms inside a sentence', () => {
    expect(inSentence('Priya Nair')).toBe('Priya Nair')
    expect(inSentence('UX tips')).toBe('UX tips')
    expect(inSentence('Fernway')).toBe('Fernway')
    expect(inSentence('Product designer at a startup')).toBe('product designer at a startup')
  })
})
