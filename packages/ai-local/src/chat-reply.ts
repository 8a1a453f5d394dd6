import { PARAPHRASE_INSTRUCTION } from '@promptly/core/generation/media'
import { composeReply } from './composer/compose-reply.ts'
import { paraphrase } from './paraphrase/paraphrase.ts'

/**
 * What the local model answers to a chat completion: the paraphrase tool's requests (recognised by
 * their fixed system message) go to the lexical paraphraser, every other reply is composed.
 */
export function chatReply(request: { system: string; prompt: string }): string {
  if (request.system.trim() === PARAPHRASE_INSTRUCTION) return paraphrase(request.prompt)
  return composeReply(request)
}
