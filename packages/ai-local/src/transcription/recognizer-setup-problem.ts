import { LOCAL_TRANSCRIPTION_INSTALL_HINT } from '@promptly/ai/errors'

import { findRecognizerTools } from './recognizer-tools.ts'

/**
 * For operators: what to install for the local model's transcription, naming what is missing, or
 * null when the recogniser is ready. Looked up afresh each time (a few file checks), so it clears
 * as soon as someone installs the packages.
 */
export async function recognizerSetupProblem(path?: string): Promise<string | null> {
  const lookup = await findRecognizerTools(path)
  return lookup.found ? null : `${LOCAL_TRANSCRIPTION_INSTALL_HINT} (missing: ${lookup.missing.join(', ')})`
}
