import { describe, expect, it } from 'vitest'

import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'
import { voiceSection } from '@promptly/core/generation/prompt-sections'
import { brandVoiceContent } from '@promptly/core/voices/brand-voice'

import { chatReply } from '../chat-reply.ts'
import { withoutAvoidedWords } from './avoided-words.ts'

const has = (text: string, word: string) => new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'iu').test(text)

describe('withoutAvoidedWords', () => {
  it('swaps an avoided word for a synonym, keeping its capital, and leaves other words alone', () => {
    const text = withoutAvoidedWords('Cheap mugs. A cheap gift, cheaply made.', ['cheap'])
    expect(has(text, 'cheap')).toBe(false)
    // "cheaply" is another word: only whole words are avoided.
    expect(text).toContain('cheaply made.')
    expect(text).toMatch(/^\p{Lu}/u)
  })

  it('leaves out an avoided phrase, and tidies the spaces it leaves', () => {
    expect(withoutAvoidedWords('A mug for you, best price ever.', ['best price'])).toBe('A mug for you, ever.')
  })

  it('never puts another avoided word in its place', () => {
    const text = withoutAvoidedWords('A big mug.', ['big', 'large'])
    expect(has(text, 'big')).toBe(false)
    expect(has(text, 'large')).toBe(false)
  })
})

describe('the local paraphraser with a brand voice', () => {
  it("keeps the voice's words to avoid out of the paraphrase", () => {
    const prompt = 'This mug is basically perfect for coffee.\nOur team ships small improvements every week.'
    // Words the paraphraser keeps as they are, without a voice.
    const plain = chatReply({ system: PARAPHRASE_INSTRUCTION, prompt })
    expect([has(plain, 'perfect'), has(plain, 'coffee'), has(plain, 'week')]).toEqual([true, true, true])
    const voice = brandVoiceContent.parse({ name: 'Workshop', wordsToAvoid: ['perfect', 'coffee', 'every week'] })
    const reply = chatReply({ system: `${PARAPHRASE_INSTRUCTION}\n\n${voiceSection(voice)}`, prompt })
    expect([has(reply, 'perfect'), has(reply, 'coffee'), has(reply, 'every week')]).toEqual([false, false, false])
    expect(reply.split('\n')).toHaveLength(2)
  })
})
