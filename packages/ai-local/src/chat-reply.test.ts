import { describe, expect, it } from 'vitest'

import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'

import { chatReply, freshChatReplies } from './chat-reply.ts'
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

describe('freshChatReplies', () => {
  const prompt = 'Write a short bio for Green Leaf Bakery.\nUse a friendly tone.'
  const request = { system: 'Answer in HTML.', prompt }

  it('never answers a new attempt with the answer the last one got', () => {
    // Seeds 1 and 2 happen to compose the same bio: only a handful of templates fit a name alone.
    expect(composeReply({ ...request, seed: 2 })).toBe(composeReply({ ...request, seed: 1 }))
    const reply = freshChatReplies()
    const first = reply({ ...request, seed: 1 })
    expect(first).toBe(composeReply({ ...request, seed: 1 }))
    expect(reply({ ...request, seed: 2 })).not.toBe(first)
  })

  it('answers requests without a seed as chatReply does, every time', () => {
    const reply = freshChatReplies()
    expect(reply(request)).toBe(chatReply(request))
    expect(reply(request)).toBe(chatReply(request))
  })
})
