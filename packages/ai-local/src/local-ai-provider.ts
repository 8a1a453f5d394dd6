import OpenAI from 'openai'

import type { AiConfig } from '@promptly/ai/config'
import { createOpenAiProvider } from '@promptly/ai/openai-provider'
import type { AiProvider } from '@promptly/ai/provider'
import { openAiSdkOptions } from '@promptly/ai/remote-ai-provider'

import { CHUNK_DELAY_HEADER, LOCAL_MODELS, startLocalModelServer } from './local-server.ts'

/**
 * The built-in local model as an AiProvider: an OpenAI-compatible server on 127.0.0.1, started once
 * per process on first use, reached through the same SDK client and provider code as a remote
 * server, so the production code path is the one that runs. `isLocal` drives the UI's badge.
 */
export function createLocalAiProvider(config: AiConfig): AiProvider {
  const client = startLocalModelServer({ chunkDelayMs: config.localChunkDelayMs }).then(
    (server) =>
      new OpenAI({
        ...openAiSdkOptions(config),
        baseURL: server.baseUrl,
        apiKey: server.token,
        defaultHeaders: { [CHUNK_DELAY_HEADER]: String(config.localChunkDelayMs) },
      }),
  )
  return createOpenAiProvider({
    name: 'local',
    client,
    models: LOCAL_MODELS,
    timeoutMs: config.timeoutMs,
    // The composer answers a prompt the same way each time; the seed is what makes a regenerate differ.
    forwardSeed: true,
  })
}
