import type { TFunction } from 'i18next'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'

import { MAX_IMAGES, MIN_IMAGES } from '@promptly/core/credits/costs'
import { atMostCharactersMessage, MEDIA_LIMITS, MEDIA_MESSAGES } from '@promptly/core/generation/media-options'
import { FREE_TEXT_CONTROL_MESSAGE } from '@promptly/core/text/unsafe-characters'

import { useFormat } from '../../i18n/useFormat.ts'

const MEGABYTE = 1024 * 1024

/** Said when the server's own words are not available (offline, a proxy's HTML page). */
export const TRANSCRIPTION_FAILED = 'The audio could not be transcribed. Please try again.'

/**
 * The dedicated tools' rules live in core, in English, shared with the server (the same schemas
 * validate the form here and the request there). Each message a form can show is said again in
 * the page's language here, looked up by its English words; anything else (a server's own
 * answer) is shown as it came.
 */
export function mediaMessage(message: string, t: TFunction<'generator'>, number: (value: number) => string): string {
  const atMost = (max: number) =>
    [atMostCharactersMessage(max), t('generator.media.atMost', { max: number(max) })] as const
  const known = new Map<string, string>([
    [MEDIA_MESSAGES.emptyText, t('generator.media.emptyText')],
    [MEDIA_MESSAGES.emptySpeechText, t('generator.media.emptySpeechText')],
    [MEDIA_MESSAGES.noVoice, t('generator.media.noVoice')],
    [MEDIA_MESSAGES.noAudioFile, t('generator.media.noAudioFile')],
    [MEDIA_MESSAGES.notMp3, t('generator.media.notMp3')],
    [
      MEDIA_MESSAGES.audioTooLarge,
      t('generator.media.audioTooLarge', { size: number(MEDIA_LIMITS.transcriptionBytes / MEGABYTE) }),
    ],
    [FREE_TEXT_CONTROL_MESSAGE, t('generator.media.controlCharacter')],
    [
      `Choose ${MIN_IMAGES} to ${MAX_IMAGES} images`,
      t('generator.media.imageCount', { min: number(MIN_IMAGES), max: number(MAX_IMAGES) }),
    ],
    [TRANSCRIPTION_FAILED, t('generator.transcription.failed')],
    atMost(MEDIA_LIMITS.paraphraseChars),
    atMost(MEDIA_LIMITS.imagePromptChars),
    atMost(MEDIA_LIMITS.speechChars),
  ])
  return known.get(message) ?? message
}

/** mediaMessage in the page's language and number format. */
export function useMediaMessage(): (message: string) => string {
  const { t } = useTranslation('generator')
  const { number } = useFormat()
  return useCallback((message: string) => mediaMessage(message, t, number), [t, number])
}
