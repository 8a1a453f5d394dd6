import { createLocalAiProvider } from '@promptly/ai-local/local-ai-provider'
import { startLocalModelServer } from '@promptly/ai-local/local-server'
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
 * Apps of this process using the built-in local model. Its HTTP server is one per process
 * (packages/ai-local starts it once and hands the same one to every provider), so it is closed only
 * when the last app using it closes: in production that is shutdown; in tests, the last open test app.
 * Once closed, the next app in this process starts a fresh one (startLocalModelServer forgets a
 * closed server).
 */
let localModelUsers = 0

/**
 * Builds the process's provider from the validated config, the one place that picks who answers: a
 * configured OpenAI-compatible server or OpenAI itself (@promptly/ai), else, with no OPENAI_* key or
 * address set, the built-in local model (@promptly/ai-local).
 */
export function createServerAi(config: AiConfig): ServerAi {
  if (!usesLocalModel(config)) return { provider: createRemoteAiProvider(config), close: () => Promise.resolve() }
  const provider = createLocalAiProvider(config)
  localModelUsers += 1
  let released = false
  return {
    provider,
    async close() {
      if (released) return
      released = true
      localModelUsers -= 1
      if (localModelUsers > 0) return
      // The same promise createLocalAiProvider used: resolves to the one running server.
      const server = await startLocalModelServer({ chunkDelayMs: config.localChunkDelayMs }).catch(() => null)
      await server?.close()
    },
  }
}
