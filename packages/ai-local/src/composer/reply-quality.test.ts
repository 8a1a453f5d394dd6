import { describe, expect, it } from 'vitest'

import { HTML_OUTPUT_INSTRUCTION } from '@promptly/core/generation/compose-prompt'

import { composeReply } from './compose-reply.ts'
import { readBrief } from './prompt-brief.ts'
import { catalogueSamples } from './testing/catalogue-samples.ts'
import { deliveredCounts, repeatedPhrases, replyOptions, replyProblems, userPhrases } from './testing/reply-rules.ts'

const compose = (prompt: string, seed: number | null = null) =>
  composeReply({ system: HTML_OUTPUT_INSTRUCTION, prompt, seed })

/** Tools whose answer is the user's own text worked on by rules: one right answer, whatever the seed. */
const TRANSFORMS = new Set(['summary', 'grammar', 'translation', 'rewrite'])

describe('every seeded tool, filled in three ways and regenerated', () => {
  const samples = [0, 1, 2].flatMap((variant) => catalogueSamples(variant).map((sample) => ({ ...sample, variant })))

  it.each(samples)('$name (variant $variant) keeps every rule on the first and second attempt', (sample) => {
    const phrases = userPhrases(sample.groups, sample.values)
    for (const seed of [1, 2]) {
      const html = composeReply({ system: sample.system, prompt: sample.prompt, seed })
      expect(replyProblems(html, sample.prompt, phrases), `attempt ${seed}`).toEqual([])
    }
  })

  it.each(catalogueSamples().filter((sample) => !TRANSFORMS.has(readBrief(sample.prompt).kind)))(
    'regenerating $name gives another text',
    ({ system, prompt }) => {
      const first = composeReply({ system, prompt, seed: 1 })
      expect(composeReply({ system, prompt, seed: 2 })).not.toBe(first)
      expect(composeReply({ system, prompt, seed: 1 })).toBe(first)
    },
  )
})

describe('regenerate', () => {
  const prompt = 'Write 5 different X (Twitter) bios, each at most 160 characters, for this person: Marine biologist.'

  it('composes another answer for another seed, and the same one for the same seed', () => {
    expect(compose(prompt, 7)).not.toBe(compose(prompt, 8))
    expect(compose(prompt, 7)).toBe(compose(prompt, 7))
  })

  it('answers a request without a seed as before: the same prompt, the same answer', () => {
    expect(compose(prompt)).toBe(compose(prompt))
  })
})

describe("the user's own phrase, once per option", () => {
  it('does not repeat the product in a hero headline and its subheadline', () => {
    const html = compose(
      'Write 4 landing page hero sections for: App that turns receipts into expense reports.\n' +
        'The main benefit is: App that turns receipts into expense reports.',
    )
    expect(replyOptions(html).length).toBeGreaterThan(4)
    expect(repeatedPhrases(html, ['app that turns receipts into expense reports'])).toEqual([])
  })

  it('says the offer once in each cold e-mail, referring back to it after that', () => {
    const html = compose(
      'Write 3 cold emails with subject lines, each under 120 words, to: Head of marketing at a furniture store.\n' +
        'What you offer: Product photography that lifts conversion.',
    )
    expect(repeatedPhrases(html, ['product photography that lifts conversion'])).toEqual([])
    expect(html.toLowerCase()).toContain('product photography that lifts conversion')
  })
})

describe('list tools give the number asked for', () => {
  it('summarises a three-sentence text in the five bullets asked for, from its own clauses', () => {
    const text =
      'Solar panels convert sunlight into electricity, and prices fell sharply over the last decade. ' +
      'Many homes now pair them with batteries because evening demand is high. Installers report long waiting lists.'
    const html = compose(
      `Summarize the following text faithfully, without adding facts that are not in it: ${text}\n` +
        'Summary length: 5 bullet points.',
    )
    const bullets = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1] ?? '')
    expect(bullets).toHaveLength(5)
    expect(bullets).toContain('Prices fell sharply over the last decade.')
    for (const bullet of bullets) expect(text.toLowerCase()).toContain(bullet.replace(/\.$/, '').toLowerCase())
  })

  it('gives exactly the 15 hashtags asked for, each once', () => {
    const prompt =
      'Suggest Instagram hashtags for a post about Sunrise trail run.\n' +
      'Give exactly 15 hashtags, grouped as broad, niche and local or branded, with one line on why each group helps.'
    const tags = compose(prompt).match(/#[\p{L}\p{N}]+/gu) ?? []
    expect(tags).toHaveLength(15)
    expect(new Set(tags).size).toBe(15)
  })

  it('writes 15 different search ad headlines when 15 are asked for', () => {
    const prompt =
      'Write Google responsive search ad assets for: Emergency plumber in Manchester.\n' +
      'Write 15 headlines of at most 30 characters and 4 descriptions of at most 90 characters.'
    const html = compose(prompt)
    expect(deliveredCounts(html, prompt)).toEqual([15, 4])
    const headlineList = html.split('<h3>Descriptions</h3>')[0] ?? ''
    const headlines = [...headlineList.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1])
    expect(new Set(headlines).size).toBe(15)
  })

  it('fills a five-bullet product listing when the user gave three features', () => {
    const prompt =
      'Write a product description for Alpine tent.\nTurn these features into buyer benefits: 1.4 kg, ' +
      'sets up in 3 minutes, waterproof.\nFormat: Short paragraph and 5 bullet points.'
    const bullets = compose(prompt).match(/<li>/g) ?? []
    expect(bullets).toHaveLength(5)
  })
})
