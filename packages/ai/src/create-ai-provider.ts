import OpenAI from 'openai'
import { usesLocalModel, type AiConfig } from './config.ts'
import { CHUNK_DELAY_HEADER, LOCAL_MODELS, startLocalModelServer } from './local/local-server.ts'
import { createOpenAiProvider } from './openai-provider.ts'
import type { AiProvider } from './provider.ts'

/**
 * The one place that decides which server the AI features talk to:
 * - OPENAI_BASE_URL set: that OpenAI-compatible server (Ollama, vLLM, llama.cpp, a proxy...);
 * - else OPENAI_API_KEY set: OpenAI itself;
 * - neither: the built-in local model, an OpenAI-compatible server on 127.0.0.1 started once per
 *   process on first use. The same SDK client and code path serve all three.
 * `isLocal` on the result drives the UI's 'Local model' badge.
 */
export function createAiProvider(config: AiConfig): AiProvider {
  if (usesLocalModel(config)) {
    const client = startLocalModelServer({ chunkDelayMs: config.localChunkDelayMs }).then(
      (server) =>
        new OpenAI({
          ...sdkOptions(config),
          baseURL: server.baseUrl,
          apiKey: server.token,
          defaultHeaders: { [CHUNK_DELAY_HEADER]: String(config.localChunkDelayMs) },
        }),
    )
    return createOpenAiProvider({ name: 'local', client, models: LOCAL_MODELS, timeoutMs: config.timeoutMs })
  }
  const client = new OpenAI({
    ...sdkOptions(config),
    // Servers such as Ollama need no key, but the SDK insists on one.
    apiKey: config.apiKey ?? 'not-needed',
    // Always explicit: left undefined, the SDK would read OPENAI_BASE_URL itself, and the config
    // (validated once) is meant to be the only source.
    baseURL: config.baseUrl ?? 'https://api.openai.com/v1',
  })
  return createOpenAiProvider({ name: 'openai-compatible', client, models: config.models, timeoutMs: config.timeoutMs })
}

function sdkOptions(config: AiConfig) {
  return {
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    // The SDK would otherwise read OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment.
    organization: null,
    project: null,
  }
}
