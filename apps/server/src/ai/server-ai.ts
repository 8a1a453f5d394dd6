import { usesLocalModel, type AiConfig } from '@promptly/ai/config'
import { createAiProvider } from '@promptly/ai/create-ai-provider'
import { startLocalModelServer } from '@promptly/ai/local/local-server'
import type { AiProvider } from '@promptly/ai/provider'

/** The AI provider an app uses, and how to let go of it when the app closes. */
export interface ServerAi {
  provider: AiProvider
  /** Releases this app's use of the provider; closes the local model server with the last user. */
  close(): Promise<void>
}

/**
 * Apps of this process using the built-in local model. Its HTTP server is one per process
 * (packages/ai starts it once and hands the same one to every provider), so it is closed only when
 * the last app using it closes: in production that is shutdown; in tests, the last open test app.
 * Caveat: packages/ai does not start a second one after it was closed, so an app created in the same
 * process after that point gets a closed server ('unavailable'). Tests therefore keep one test app
 * per file open until the end; a later fix belongs in packages/ai (forget the shared server on close).
 */
let localModelUsers = 0

/**
 * Builds the process's provider from the validated config: createAiProvider decides which server
 * answers (a configured OpenAI-compatible one, OpenAI, or the local model) and nothing else does.
 */
export function createServerAi(config: AiConfig): ServerAi {
  const provider = createAiProvider(config)
  if (!usesLocalModel(config)) return { provider, close: () => Promise.resolve() }
  localModelUsers += 1
  let released = false
  return {
    provider,
    async close() {
      if (released) return
      released = true
      localModelUsers -= 1
      if (localModelUsers > 0) return
      // The same promise createAiProvider used: resolves to the one running server.
      const server = await startLocalModelServer({ chunkDelayMs: config.localChunkDelayMs }).catch(() => null)
      await server?.close()
    },
  }
}
