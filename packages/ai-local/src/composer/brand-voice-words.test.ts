import { describe, expect, it } from 'vitest'

import { formGroups } from '@promptly/core/catalogue/tool'
import { composePrompt } from '@promptly/core/generation/compose-prompt'
import type { GenerationValues } from '@promptly/core/generation/form-values'
import { brandVoiceContent } from '@promptly/core/voices/brand-voice'

import seedTools from '../../../../prisma/seed/tools.json' with { type: 'json' }
import { composeReply } from './compose-reply.ts'
import { replyText } from './testing/reply-rules.ts'
import { offeredOptions } from './testing/value-rules.ts'
import { tokens } from './testing/value-text.ts'

const voice = brandVoiceContent.parse({
  name: 'Acme',
  tone: 'Bold',
  wordsToUse: ['craft', 'honest'],
  // Words the bold voice's own sentences say often.
  wordsToAvoid: ['fluff', 'journey', 'results', 'today', 'Start'],
})

function replies(slug: string, values: GenerationValues): string[] {
  const tool = seedTools.find((candidate) => candidate.slug === slug)
  if (!tool) throw new Error(`no seeded tool ${slug}`)
  const { system, prompt } = composePrompt(formGroups.parse(tool.groups), values, { voice })
  return [1, 2, 3, 4, 5].map((seed) => composeReply({ system, prompt, seed }))
}

const CASES: Array<[string, GenerationValues]> = [
  ['x-twitter-bio-generator', [['Potter', 'Glazes'], ['Friendly', false], ['']]],
  [
    'x-post-generator',
    [
      ['Kilns run hot in summer', 'Practical tip'],
      ['Casual', false],
    ],
  ],
  [
    'facebook-post-generator',
    [
      ['New stoneware mugs', 'announce news'],
      ['Warm', false],
    ],
  ],
  ['long-form-article-writer', [['Glazing basics', 'About 600 words'], ['', ''], ['Informative']]],
]

describe('a brand voice', () => {
  it.each(CASES)('keeps its words to avoid out of %s, in any case', (slug, values) => {
    for (const html of replies(slug, values)) {
      const words = tokens(replyText(html))
      for (const avoided of voice.wordsToAvoid) expect(words, html).not.toContain(avoided.toLowerCase())
    }
  })

  it.each(CASES)('says one of its words to use in every option of %s', (slug, values) => {
    for (const html of replies(slug, values)) {
      const lists = offeredOptions(html)
      const options = lists.length > 0 ? lists.flat() : [replyText(html)]
      for (const option of options) {
        expect(
          tokens(option).some((token) => token === 'craft' || token === 'honest'),
          html,
        ).toBe(true)
      }
    }
  })
})
