import { describe, expect, it } from 'vitest'
import { z } from 'zod'

import { noControlCharacters } from './control-characters.ts'
import { hasControlCharacter, hasUnsafeCharacter } from './unsafe-characters.ts'

describe('hasControlCharacter', () => {
  it.each(['\u0000', 'a\u0001b', 'SEO\u001fTools', 'end\u007f', 'tab\there', 'line\nbreak', 'cr\r'])(
    'finds one in %j',
    (text) => {
      expect(hasControlCharacter(text)).toBe(true)
    },
  )

  it('lets ordinary text through, accents, emoji and U+0080 onwards included', () => {
    for (const text of ['', 'All Tools', 'Café ☕ 🎉', 'a\u00a0b', '\u0080\u009f', '~'])
      expect(hasControlCharacter(text)).toBe(false)
  })

  it('lets free text keep tabs and line breaks, and nothing else', () => {
    expect(hasControlCharacter('one\ttwo\r\nthree', { freeText: true })).toBe(false)
    expect(hasControlCharacter('one\u0000two', { freeText: true })).toBe(true)
    expect(hasControlCharacter('bell\u0007', { freeText: true })).toBe(true)
    expect(hasControlCharacter('del\u007f', { freeText: true })).toBe(true)
  })
})

describe('hasUnsafeCharacter', () => {
  it('finds unpaired surrogates as well as control characters, and lets pairs (emoji) through', () => {
    for (const text of ['\ud800', 'a\udfffb', '\udfe4\udfa9', 'end\ud835', 'a\u0000'])
      expect(hasUnsafeCharacter(text)).toBe(true)
    for (const text of ['🎉', 'Café', '\ud835\udc00', '']) expect(hasUnsafeCharacter(text)).toBe(false)
  })
})

describe('noControlCharacters', () => {
  it('refuses with the given message, after the checks before it', () => {
    const clerkId = z.string().trim().min(1).check(noControlCharacters('No control characters'))
    expect(clerkId.safeParse('user_1\u0000').error?.issues[0]?.message).toBe('No control characters')
    expect(clerkId.parse(' user_1\n')).toBe('user_1')
    expect(clerkId.safeParse('user\ud800').success).toBe(false)
  })
})
