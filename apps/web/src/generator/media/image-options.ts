import type { TFunction } from 'i18next'

import { creditCost, MAX_IMAGES, MIN_IMAGES, type ImageQuality } from '@promptly/core/credits/costs'
import { IMAGE_STYLES, type ImageStyle } from '@promptly/core/generation/media-options'

/** 'Number of images': 1 to 10, as the select's string values. */
export const IMAGE_COUNT_OPTIONS: string[] = Array.from({ length: MAX_IMAGES - MIN_IMAGES + 1 }, (_, index) =>
  String(MIN_IMAGES + index),
)

/** The spec's quality labels (their keys): High sends hd, Standard sends standard. */
export const IMAGE_QUALITY_OPTIONS = [
  { value: 'hd', label: 'generator.image.qualityHigh' },
  { value: 'standard', label: 'generator.image.qualityStandard' },
] as const satisfies readonly { value: ImageQuality; label: string }[]

export function isImageQuality(value: string): value is ImageQuality {
  return IMAGE_QUALITY_OPTIONS.some((option) => option.value === value)
}

/** What a request will cost, said before it is made: 'This costs 2 credits'. */
export function imageCostText(n: number, quality: ImageQuality, t: TFunction<'generator'>): string {
  return t('generator.image.cost', { count: creditCost({ kind: 'image', n, quality }) })
}

export function isImageStyle(value: string): value is ImageStyle {
  return IMAGE_STYLES.some((style) => style === value)
}
