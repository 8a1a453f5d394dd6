import { aiEnv } from '@promptly/ai/config'

import { envSchema } from '../../config/env.ts'

/** Every variable the server reads: its own schema's keys and packages/ai's, which it defers to. */
export function serverEnvKeys(): string[] {
  return [...Object.keys(envSchema.shape), ...Object.keys(aiEnv.shape)]
}
