import OpenAI from 'openai'

import type { AiConfig } from './config.ts'
import { createOpenAiProvider } from './openai-provider.ts'
import type { AiProvider } from './provider.ts'

/**
 * The provider for a configured server: OPENAI_BASE_URL (Ollama, vLLM, llama.cpp, a proxy...) when
 * set, else OpenAI itself with OPENAI_API_KEY. The built-in local model lives in @promptly/ai-local;
 * the server picks it when neither is set (usesLocalModel in config.ts).
 */
export function createRemoteAiProvider(config: AiConfig): AiProvider {
  const client = new OpenAI({
    ...openAiSdkOptions(config),
    // Servers such as Ollama need no key, but the SDK insists on one.
    apiKey: config.apiKey ?? 'not-needed',
    // Always explicit: left undefined, the SDK would read OPENAI_BASE_URL itself, and the config
    // (validated once) is meant to be the only source.
    baseURL: config.baseUrl ?? 'https://api.openai.com/v1',
  })
  return createOpenAiProvider({ name: 'openai-compatible', client, models: config.models, timeoutMs: config.timeoutMs })
}

/** The SDK settings every client shares, whichever server it talks to. */
export function openAiSdkOptions(config: Pick<AiConfig, 'timeoutMs' | 'maxRetries'>) {
  return {
    timeout: config.timeoutMs,
    maxRetries: config.maxRetries,
    // The SDK would otherwise read OPENAI_ORG_ID / OPENAI_PROJECT_ID from the environment.
    organization: null,
    project: null,
    // Its own logger writes to the console, outside the app's log and its redaction, and prints a
    // garbled stream's raw text (which may echo the prompt). Every failure already reaches the app as
    // an AiProviderError, which it logs without the provider's words.
    logLevel: 'off' as const,
  }
}
