import type { TFunction } from 'i18next'

import type { Label } from '@promptly/core/catalogue/labels'

/** The fixed labels' texts (catalogue.labels.<key>); labels an admin adds have none. */
const LABEL_KEYS = {
  'All Tools': 'allTools',
  'In Demand Tools': 'inDemand',
  "Social Media Bio's": 'socialBios',
  'My Tools': 'myTools',
  'Social Media Posts': 'socialPosts',
  'SEO Tools': 'seo',
  'Website Tools': 'website',
  'Paid Ad Tools': 'paidAds',
  'Image Generator': 'imageGenerator',
  'Image Resizers': 'imageResizers',
  'Language Translator': 'translator',
  'Video Downloaders': 'videoDownloaders',
  'Email Tools': 'email',
  'Paraphrase Tools': 'paraphrase',
  'Blog Creator': 'blog',
  'Audio Tools': 'audio',
  'Article Creator': 'article',
  Newsletters: 'newsletters',
  'Press Releases': 'pressReleases',
  Facebook: 'facebook',
  Instagram: 'instagram',
  YouTube: 'youtube',
  'Threads caption, title and description generators': 'threads',
  'Upcoming Tools': 'upcoming',
} as const satisfies Record<Label, string>

const isFixedLabel = (label: string): label is Label => Object.hasOwn(LABEL_KEYS, label)

/**
 * A category's name as shown (chips, tabs, headings): a fixed label in the page's language, any
 * other as written. The label itself stays the category's identity (queries, state, keys).
 */
export function categoryName(t: TFunction, label: string): string {
  return isFixedLabel(label) ? t(`catalogue.labels.${LABEL_KEYS[label]}`) : label
}
