import type { DedicatedRequest } from '@promptly/api/generation/get.schema'
import type { ImageStyle } from '@promptly/core/generation/media'

export interface PreviousPrompt {
  prompt: string
  style?: ImageStyle
}

/**
 * What a dedicated tool's earlier generation asked for (history's 'Run again'), from the request
 * the server kept with it: the text to paraphrase or speak, or the image prompt and its style.
 * Null when there is none (a transcription, whose audio file cannot be chosen for the user).
 */
export function previousPrompt(request: DedicatedRequest | null): PreviousPrompt | null {
  if (!request || request.prompt.trim() === '') return null
  return { prompt: request.prompt, ...(request.style ? { style: request.style } : {}) }
}
