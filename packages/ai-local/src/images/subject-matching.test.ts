import { beforeAll, describe, expect, it } from 'vitest'

import { IMAGE_STYLES } from '@promptly/core/generation/media-options'

import { seededRandom } from '../composer/seeded-random.ts'
import { loadIconLibrary, type IconLibrary } from './icon-library.ts'
import { parseImagePrompt } from './image-prompt.ts'
import { iconForWord, matchSubjects, simpleSingular } from './subject-matching.ts'
import { STYLE_MOTIFS } from './subject-words.ts'

let library: IconLibrary
beforeAll(async () => {
  library = await loadIconLibrary()
})

const match = (text: string, style: (typeof IMAGE_STYLES)[number] = 'Professional') =>
  matchSubjects(text, style, library, seededRandom(text))

describe('parseImagePrompt', () => {
  it('reads the style back from the line imagePrompt adds', () => {
    expect(parseImagePrompt('A lighthouse at dusk\nStyle: Victorian.')).toEqual({
      text: 'A lighthouse at dusk',
      style: 'Victorian',
    })
  })

  it('draws a prompt without a style line, or with an unknown style, in the default style', () => {
    expect(parseImagePrompt('A lighthouse at dusk')).toEqual({ text: 'A lighthouse at dusk', style: 'Professional' })
    expect(parseImagePrompt('A lighthouse\nStyle: Cubist.').style).toBe('Professional')
  })
})

describe('matchSubjects', () => {
  it("picks the cat and the rocket for 'a cat and a rocket', in that order", () => {
    expect(match('a cat and a rocket')).toMatchObject({
      icons: ['cat', 'rocket'],
      words: ['cat', 'rocket'],
      source: 'nouns',
    })
  })

  it('singularises plurals and finds icons by part of their name', () => {
    expect(match('Three dogs chasing butterflies').icons).toEqual(['dog', 'butterfly'])
    expect(match('a red car by the trees').icons).toEqual(['automobile', 'deciduous-tree'])
    expect(iconForWord('locomotive', library)).toBe('locomotive')
  })

  it('matches names of several words as one subject', () => {
    expect(match('a hot dog and ice cream in the park').icons).toEqual(['hot-dog', 'ice-cream', 'national-park'])
  })

  it('ignores words about the picture itself', () => {
    expect(match('a photo of a fox in the background').icons).toEqual(['fox'])
  })

  it('falls back to the theme words when no noun names an icon', () => {
    const themed = match('something romantic and cozy')
    expect(themed.source).toBe('themes')
    expect(themed.icons).toContain('red-heart')
  })

  it("still draws subjects, the style's motifs, when nothing in the prompt matches", () => {
    const unmatched = match('zxqv blorptastic qwerty', 'Industrial')
    expect(unmatched.source).toBe('style')
    expect(unmatched.icons.length).toBeGreaterThanOrEqual(2)
    for (const icon of unmatched.icons) expect(STYLE_MOTIFS.Industrial).toContain(icon)
  })

  it('names only icons that exist, for every style motif', () => {
    for (const style of IMAGE_STYLES) for (const icon of STYLE_MOTIFS[style]) expect(library.has(icon), icon).toBe(true)
  })

  it('singularises simply where compromise did not', () => {
    expect([
      simpleSingular('cherries'),
      simpleSingular('boxes'),
      simpleSingular('cats'),
      simpleSingular('glass'),
    ]).toEqual(['cherry', 'box', 'cat', 'glass'])
  })
})

describe('matchSubjects, words with two readings', () => {
  it('prefers an icon named in the plural, and does not take a gerund for a noun', () => {
    expect(match('a bowl of cherries').icons).toEqual(['steaming-bowl', 'cherries'])
    expect(match('two robots building a bridge').icons).toEqual(['robot', 'bridge-at-night'])
  })
})
