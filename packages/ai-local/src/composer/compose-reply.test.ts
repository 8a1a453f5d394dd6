import { describe, expect, it } from 'vitest'

import { HTML_OUTPUT_INSTRUCTION } from '@promptly/core/generation/compose-prompt'
import { sanitizeHtml } from '@promptly/core/generation/sanitize-html'

import { composeReply } from './compose-reply.ts'
import { readBrief } from './prompt-brief.ts'
import { catalogueSamples } from './testing/catalogue-samples.ts'
import { contentWords } from './text-tools.ts'

const reply = (prompt: string) => composeReply({ system: HTML_OUTPUT_INSTRUCTION, prompt })

const generatorTools = catalogueSamples()

describe('composeReply on every generator tool of the catalogue', () => {
  it('covers the catalogue', () => {
    expect(generatorTools.length).toBeGreaterThanOrEqual(40)
  })

  it.each(generatorTools)('writes real, on-topic, safe HTML for $name', ({ system, prompt, values }) => {
    const html = composeReply({ system, prompt })
    expect(html.length).toBeGreaterThan(80)
    expect(html).toMatch(/^<(p|ol|ul|h2|h3)>/)
    expect(sanitizeHtml(html)).toBe(html)
    expect(html).not.toMatch(/\{\w*\}|undefined|NaN|\[object|lorem|ipsum/i)
    // No echo of the prompt's instructions.
    for (const line of prompt.split('\n')) if (line.length > 40) expect(html).not.toContain(line)
    // About what the user wrote: some word of the first answer appears.
    const firstAnswer = String(values[0]?.[0] ?? '')
    const words = contentWords(firstAnswer, 12).map((word) => word.toLowerCase())
    expect(words.some((word) => html.toLowerCase().includes(word))).toBe(true)
  })

  it('gives every tool its own answer', () => {
    const answers = new Set(generatorTools.map(({ system, prompt }) => composeReply({ system, prompt })))
    expect(answers.size).toBe(generatorTools.length)
  })
})

describe('readBrief', () => {
  it('reads kind, count, whole values by role, tone, limits and switches from a bio prompt without entries', () => {
    const brief = readBrief(
      [
        'Write 5 different X (Twitter) bios, each at most 160 characters, ' +
          'for this person: Product designer at a fintech startup, dog dad.',
        'They mainly post about: UX tips, design systems, remote work.',
        'Use a Witty tone of voice.',
        'Do not use emojis.',
        'End each bio with this call to action, shortened if needed: Newsletter below.',
      ].join('\n'),
    )
    expect(brief).toMatchObject({
      kind: 'bio',
      count: 5,
      values: {
        who: ['Product designer at a fintech startup, dog dad'],
        topic: ['UX tips, design systems, remote work'],
        call_to_action: ['Newsletter below'],
      },
      tone: 'witty',
      toneWord: 'Witty',
      emojis: false,
      maxChars: 160,
    })
  })

  it("does not take a number inside the user's value for a count", () => {
    expect(readBrief('Write a LinkedIn post about: We shipped our first release after 9 months.').count).toBe(1)
    expect(readBrief('Write 10 YouTube titles for a video about: 3 ways to fold a shirt.').count).toBe(10)
  })

  it("reads the kind from the instruction, not from the user's words", () => {
    expect(readBrief('Write a complete article based on: an outline of my bio and three posts.').kind).toBe('article')
    expect(readBrief('Create a detailed blog post outline about: composting.').kind).toBe('outline')
    expect(readBrief('Write 3 cold emails with subject lines, each under 120 words, to: Ada.').kind).toBe('email')
    expect(
      readBrief('Write 10 email subject lines, each with matching preview text, for an email about: a sale.').kind,
    ).toBe('subject_lines')
  })
})

describe("composeReply on the user's own text", () => {
  it('summarises with sentences taken from the text, in order', () => {
    const text =
      'Solar panels convert sunlight into electricity. Prices for solar panels fell sharply over the last decade. ' +
      'My neighbour has a red bicycle. Many homes now pair solar ' +
      'panels with batteries to store electricity for the evening.'
    const html = reply(
      `Summarize the following text faithfully, without adding facts ` +
        `that are not in it: ${text}\nSummary length: A short paragraph.`,
    )
    const summary = /<p>(.*)<\/p>/.exec(html)?.[1] ?? ''
    const picked = summary.match(/[^.]+\./g) ?? []
    expect(picked).toHaveLength(3)
    for (const sentence of picked) expect(text).toContain(sentence.trim())
    expect(summary).not.toContain('red bicycle')
  })

  it('fixes spacing, capitals, repeated words and common misspellings, and lists the changes', () => {
    const html = reply(
      'Correct the grammar, spelling and punctuation of this text and make unclear sentences clearer, ' +
        "keeping the author's voice: i recieve teh the letter yesterday .it was good\nUse American English " +
        'spelling and conventions.\nAfter the corrected text, list the main changes and why they were made.',
    )
    expect(html).toContain('<p>I receive the letter yesterday. It was good.</p>')
    expect(html).toContain('Corrected spelling: recieve → receive')
  })

  it('rewrites formally without contractions, keeping the subject matter', () => {
    const html = reply(
      'Rewrite the following text, keeping its meaning and any facts, names and ' +
        "dates: We don't think it's a big problem for Ada.\nMake the tone Formal.",
    )
    expect(html).toContain('do not')
    expect(html).not.toContain("don't")
    expect(html).toContain('Ada')
  })

  it('says honestly that it cannot translate, and keeps the text', () => {
    const html = reply(
      'Translate the following text naturally, keeping meaning, tone ' +
        'and formatting: Good morning, team.\nTranslate it into Spanish.',
    )
    expect(html).toContain('cannot translate into Spanish')
    expect(html).toContain('Good morning, team.')
  })
})

it('answers in plain text when the system message does not ask for HTML', () => {
  const text = composeReply({
    system: 'You are a helpful assistant.',
    prompt: 'Write 3 Instagram captions for a post that shows: our new autumn candles.',
  })
  expect(text).not.toMatch(/<[a-z]/)
  expect(text).toContain('autumn candles')
})

describe('placeholders for the user to fill in', () => {
  const coldEmail = (firstLine: string) =>
    reply(`${firstLine}\nWhat the sender offers: Product photography.\nEnd with a low-effort ask: a 15-minute call.`)

  it('leaves [First name] and [Your name] when the prompt asks for them', () => {
    const html = coldEmail(
      'Write 3 cold emails with subject lines, each under 120 words, to: Head of marketing. ' +
        'Leave [First name] and [Your name] for the sender to fill in.',
    )
    expect(html).toContain('Hi [First name],')
    expect(html).toContain('[Your name]')
  })

  it('leaves none when the prompt does not ask for them', () => {
    const html = coldEmail('Write 3 cold emails with subject lines, each under 120 words, to: Head of marketing.')
    expect(html).not.toMatch(/\[[^\]]*\]/)
  })
})
