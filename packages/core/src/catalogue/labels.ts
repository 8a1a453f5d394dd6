/** The fixed label list (spec section 9), in display order. */
export const LABELS = [
  'All Tools',
  'In Demand Tools',
  "Social Media Bio's",
  'My Tools',
  'Social Media Posts',
  'SEO Tools',
  'Website Tools',
  'Paid Ad Tools',
  'Image Generator',
  'Image Resizers',
  'Language Translator',
  'Video Downloaders',
  'Email Tools',
  'Paraphrase Tools',
  'Blog Creator',
  'Audio Tools',
  'Article Creator',
  'Newsletters',
  'Press Releases',
  'Facebook',
  'Instagram',
  'YouTube',
  'Threads caption, title and description generators',
  'Upcoming Tools',
] as const

export type Label = (typeof LABELS)[number]

export const ALL_TOOLS = 'All Tools' satisfies Label
export const MY_TOOLS = 'My Tools' satisfies Label
export const UPCOMING_TOOLS = 'Upcoming Tools' satisfies Label

/**
 * The category list a visitor sees: All Tools first, then every label some tool carries, in the
 * fixed order (unknown labels after, alphabetically). My Tools is a per-user view, never a label
 * in use, so it is left out here and inserted by the client for signed-in users.
 */
export function categoriesInUse(labelsInUse: Iterable<string>): string[] {
  const used = new Set(labelsInUse)
  used.delete(ALL_TOOLS)
  used.delete(MY_TOOLS)
  const order = new Map<string, number>(LABELS.map((label, index) => [label, index]))
  const sorted = [...used].sort((a, b) => {
    const ia = order.get(a) ?? Number.MAX_SAFE_INTEGER
    const ib = order.get(b) ?? Number.MAX_SAFE_INTEGER
    return ia - ib || a.localeCompare(b)
  })
  return [ALL_TOOLS, ...sorted]
}
