import { createHash } from 'node:crypto'

import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'
import { readPromptSections } from '@promptly/core/generation/prompt-sections'

import { composeReply, type ComposeRequest } from './composer/compose-reply.ts'
import { withoutAvoidedWords } from './paraphrase/avoided-words.ts'
import { paraphrase } from './paraphrase/paraphrase.ts'

/**
 * What the local model answers to a chat completion: the paraphrase tool's requests (recognised by
 * their fixed system message, which a brand voice's section may follow) go to the lexical
 * paraphraser, which keeps the voice's words to avoid out; every other reply is composed (with the
 * request's seed, when it has one).
 */
export function chatReply(request: ComposeRequest): string {
  if (request.system.trim().startsWith(PARAPHRASE_INSTRUCTION)) {
    const { voice } = readPromptSections(request.system)
    const text = paraphrase(request.prompt)
    return voice ? withoutAvoidedWords(text, voice.wordsToAvoid) : text
  }
  return composeReply(request)
}

/** What a local model server answers a chat completion with (freshChatReplies). */
export type ChatReplies = (request: ComposeRequest) => string

/** Prompts whose last answer a server remembers (a digest each), oldest forgotten first. */
const REMEMBERED_PROMPTS = 500
/** Further seeds tried when an attempt composes the answer already given. */
const RETRIES = 8

/**
 * chatReply for one server, which never gives a prompt's previous answer again to a new attempt: the
 * composer has only so many templates, so two seeds can compose the same text (one bio of a tone has
 * six to choose from), and a regenerate must not look like nothing happened. Requests without a seed
 * are answered as chatReply answers them.
 */
export function freshChatReplies(): ChatReplies {
  const lastAnswers = new Map<string, string>()
  return (request) => {
    const { seed } = request
    if (seed === undefined || seed === null) return chatReply(request)
    const key = digest(`${request.system}\n${request.prompt}`)
    const previous = lastAnswers.get(key)
    let reply = chatReply(request)
    for (let retry = 1; retry <= RETRIES && digest(reply) === previous; retry += 1) {
      reply = chatReply({ ...request, seed: seed + retry })
    }
    lastAnswers.delete(key)
    lastAnswers.set(key, digest(reply))
    const oldest = lastAnswers.keys().next().value
    if (lastAnswers.size > REMEMBERED_PROMPTS && oldest !== undefined) lastAnswers.delete(oldest)
    return reply
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('base64url')
}
