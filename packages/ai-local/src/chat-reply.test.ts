import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'
import { describe, expect, it } from 'vitest'
import { chatReply } from './chat-reply.ts'
import { composeReply } from './composer/compose-reply.ts'
import { paraphrase } from './paraphrase/paraphrase.ts'

describe('chatReply', () => {
  it('paraphrases the text of a paraphrase request', () => {
    const prompt = 'Small businesses need clear and honest marketing messages.'
    expect(chatReply({ system: PARAPHRASE_INSTRUCTION, prompt })).toBe(paraphrase(prompt))
  })

  it('composes every other reply', () => {
    const request = { system: 'Answer in HTML.', prompt: 'Write an Instagram bio for a bakery called Green Leaf.' }
    expect(chatReply(request)).toBe(composeReply(request))
  })
})
