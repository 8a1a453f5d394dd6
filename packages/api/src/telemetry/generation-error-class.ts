import { AiProviderError } from '@promptly/ai/errors'
import { AppError } from '@promptly/core/errors/app-error'

import type { GenerationErrorClass } from './telemetry.ts'

/**
 * Why a generation failed, as a bounded class: the provider's code, our own input checks as
 * `bad_request`, any other domain refusal as `refused`, and anything else (storage, database, a bug)
 * as `internal`, unless the caller had gone away, which is a cancellation whatever it broke.
 */
export function generationErrorClass(error: unknown, aborted = false): GenerationErrorClass {
  if (error instanceof AiProviderError) return error.code
  if (error instanceof AppError) return error.code === 'BAD_REQUEST' ? 'bad_request' : 'refused'
  return aborted ? 'cancelled' : 'internal'
}
