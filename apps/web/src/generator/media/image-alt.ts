import type { TFunction } from 'i18next'

/** Screen readers read alt text in one breath: the start of a long prompt says enough. */
const ALT_MAX_CHARS = 150

/** Alt text for image `index` of `count`: the prompt that made it (shortened), numbered when there are several. */
export function imageAlt(prompt: string, index: number, count: number, t: TFunction<'generator'>): string {
  const text = prompt.trim().replace(/\s+/g, ' ')
  const short = text.length > ALT_MAX_CHARS ? `${text.slice(0, ALT_MAX_CHARS - 1)}…` : text
  return count > 1 ? t('generator.image.alt', { prompt: short, index: index + 1, total: count }) : short
}
