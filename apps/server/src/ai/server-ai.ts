import { createLocalAiProvider } from '@promptly/ai-local/local-ai-provider'
import { acquireLocalModelServer } from '@promptly/ai-local/local-server'
import { usesLocalModel, type AiConfig } from '@promptly/ai/config'
import type { AiProvider } from '@promptly/ai/provider'
import { createRemoteAiProvider } from '@promptly/ai/remote-ai-provider'

/** The AI provider an app uses, and how to let go of it when the app closes. */
export interface ServerAi {
  provider: AiProvider
  /** Releases this app's use of the provider; closes the local model server with the last user. */
  close(): Promise<void>
}

/**
 * Builds the process's provider from the validated config, the one place that picks who answers: a
 * configured OpenAI-compatible server or OpenAI itself (@promptly/ai), else, with no OPENAI_* key or
 * address set, the built-in local model (@promptly/ai-local). Its HTTP server is one per process,
 * shared by every app of the process: each app holds a lease on it (taken before the provider asks
 * for the server, so both name the same one), and the last app to close closes it.
 */
export function createServerAi(config: AiConfig): ServerAi {
  if (!usesLocalModel(config)) return { provider: createRemoteAiProvider(config), close: () => Promise.resolve() }
  const lease = acquireLocalModelServer({ chunkDelayMs: config.localChunkDelayMs })
  return { provider: createLocalAiProvider(config), close: () => lease.release() }
}
