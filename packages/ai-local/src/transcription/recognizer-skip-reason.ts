import { LOCAL_TRANSCRIPTION_PACKAGES } from '@promptly/ai/errors'

import { findRecognizerTools } from './recognizer-tools.ts'

/**
 * For tests that need the real recogniser: why they skip on this machine, or null when they run.
 * They never skip in CI (CI installs the packages), so a missing tool there fails the test.
 */
export async function recognizerSkipReason(): Promise<string | null> {
  const lookup = await findRecognizerTools()
  if (lookup.found || process.env.CI) return null
  return (
    `local transcription tools missing (${lookup.missing.join(', ')}): ` +
    `apt-get install ${LOCAL_TRANSCRIPTION_PACKAGES.join(' ')}`
  )
}
