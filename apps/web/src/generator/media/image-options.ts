import { creditCost, MAX_IMAGES, MIN_IMAGES, type ImageQuality } from '@promptly/core/credits/costs'
import { IMAGE_STYLES, type ImageStyle } from '@promptly/core/generation/media'

/** 'Number of images': 1 to 10, as the select's string values. */
export const IMAGE_COUNT_OPTIONS: string[] = Array.from({ length: MAX_IMAGES - MIN_IMAGES + 1 }, (_, index) =>
  String(MIN_IMAGES + index),
)

/** The spec's quality labels: High sends hd, Standard sends standard. */
export const IMAGE_QUALITY_OPTIONS: { value: ImageQuality; label: string }[] = [
  { value: 'hd', label: 'High' },
  { value: 'standard', label: 'Standard' },
]

export function isImageQuality(value: string): value is ImageQuality {
  return IMAGE_QUALITY_OPTIONS.some((option) => option.value === value)
}

/** What a request will cost, said before it is made: 'This costs 2 credits'. */
export function imageCostText(n: number, quality: ImageQuality): string {
  const credits = creditCost({ kind: 'image', n, quality })
  return `This costs ${credits} ${credits === 1 ? 'credit' : 'credits'}`
}

export function isImageStyle(value: string): value is ImageStyle {
  return IMAGE_STYLES.some((style) => style === value)
}
