import { recognizerSetupProblem } from '@promptly/ai-local/transcription/recognizer-setup-problem'
import type { AiProvider } from '@promptly/ai/provider'

/** What an operator should fix for every tool to work; empty when nothing is missing. */
export type OperatorWarnings = () => Promise<string[]>

/**
 * With the built-in local model, transcription runs on Debian's recogniser, which npm cannot
 * install: when it is missing, users are told only that transcription is unavailable, and the
 * operator learns what to install here (the start-up log and /health). A remote AI server needs none.
 */
export function operatorWarningsFor(ai: Pick<AiProvider, 'isLocal'>): OperatorWarnings {
  if (!ai.isLocal) return async () => []
  return async () => {
    const problem = await recognizerSetupProblem()
    return problem ? [problem] : []
  }
}
