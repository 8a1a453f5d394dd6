import { describe, expect, it } from 'vitest'

import { placeholderColor, toolInitial } from './logo-placeholder.ts'

describe('logo placeholder', () => {
  it('shows the first letter of the name, capitalised', () => {
    expect(toolInitial('  instagram Captions')).toBe('I')
    expect(toolInitial('écrire')).toBe('É')
    expect(toolInitial('')).toBe('')
  })

  it('gives a tool always the same colour, and different tools different ones', () => {
    expect(placeholderColor('AI Translator')).toBe(placeholderColor('AI Translator'))
    const names = ['AI Translator', 'Blog Post Writer', 'Email Subject Lines', 'Facebook Ad Copy', 'SEO Meta Tags']
    expect(new Set(names.map(placeholderColor)).size).toBeGreaterThan(2)
  })
})
