import { composeReply } from './composer/compose-reply.ts'

/** What the local model answers to a chat completion: the composer writes every reply. */
export function chatReply(request: { system: string; prompt: string }): string {
  return composeReply(request)
}
