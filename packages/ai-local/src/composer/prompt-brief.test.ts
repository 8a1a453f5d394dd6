import { describe, expect, it } from 'vitest'

import { formGroups } from '@promptly/core/catalogue/tool'
import { composePrompt } from '@promptly/core/generation/compose-prompt'
import { brandVoiceContent } from '@promptly/core/voices/brand-voice'

import seedTools from '../../../../prisma/seed/tools.json' with { type: 'json' }
import { readBrief } from './prompt-brief.ts'

function toolGroups(slug: string) {
  const tool = seedTools.find((candidate) => candidate.slug === slug)
  if (!tool) throw new Error(`no seeded tool ${slug}`)
  return formGroups.parse(tool.groups)
}

describe('readBrief with an entries section', () => {
  it("takes each value whole, in its field's role", () => {
    const { system, prompt } = composePrompt(toolGroups('x-twitter-bio-generator'), [
      ['Indie game developer and coffee lover', 'Pixel art, game design'],
      ['Friendly', false],
      ['DMs open!'],
    ])
    const brief = readBrief(prompt, system)
    expect(brief.values).toEqual({
      who: ['Indie game developer and coffee lover'],
      product: [],
      topic: ['Pixel art, game design'],
      audience: [],
      call_to_action: ['DMs open!'],
      keyword: [],
    })
    expect(brief).toMatchObject({ kind: 'bio', count: 5, maxChars: 160, emojis: false, tone: 'friendly' })
  })

  it("reads what to write from the tool's words, never from the user's", () => {
    const { system, prompt } = composePrompt(toolGroups('x-post-generator'), [
      ['Why I write 3 posts about emojis and no hashtags at most 20 characters', 'Hot take'],
      ['Witty', true],
    ])
    const brief = readBrief(prompt, system)
    expect(brief).toMatchObject({ kind: 'post', count: 5, hashtags: true, emojis: false, maxChars: 280 })
    expect(brief.instructions).not.toContain('Why I write')
  })

  it('says a value typed into two fields once, in the role of the first', () => {
    const { system, prompt } = composePrompt(toolGroups('landing-page-hero-generator'), [
      ['App that turns receipts into expense reports', 'App that turns receipts into expense reports'],
      ['start a free trial', 'Bold'],
    ])
    const { values } = readBrief(prompt, system)
    expect(values.product).toEqual(['App that turns receipts into expense reports'])
    expect(values.audience).toEqual([])
    expect(values.call_to_action).toEqual(['start a free trial'])
  })

  it("writes in a brand voice's tone, over the tool's own tone field", () => {
    const voice = brandVoiceContent.parse({ name: 'Acme', tone: 'Calm' })
    const { system, prompt } = composePrompt(
      toolGroups('threads-post-generator'),
      [['Slow mornings'], ['Bold', true]],
      { voice },
    )
    expect(readBrief(prompt, system)).toMatchObject({ tone: 'calm', toneWord: 'Calm' })
  })
})
