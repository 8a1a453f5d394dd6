/** What picture briefs are made of: an image prompt's light, angle and palette; a logo's mark, palette and type. */

export const IMAGE_LIGHTS = [
  'soft morning light',
  'golden-hour backlight',
  'moody low-key lighting',
  'bright overcast daylight',
  'neon reflections after rain',
]

export const IMAGE_ANGLES = [
  'wide establishing shot',
  'low-angle close-up',
  "bird's-eye view",
  'eye-level medium shot',
  'shallow depth of field portrait',
]

export const IMAGE_PALETTES = [
  'warm earth tones',
  'muted pastels',
  'deep teal and orange',
  'monochrome with one red accent',
  'fresh greens and whites',
]

export const LOGO_MARKS = [
  'a monogram built from the initials',
  'a simple geometric symbol',
  'a wordmark with one customised letter',
  'an abstract mark hinting at the field',
  'a badge with clean outlines',
]

export const LOGO_PALETTES = [
  'navy and warm yellow',
  'charcoal and mint',
  'black and white with a coral accent',
  'forest green and cream',
  'deep purple and soft grey',
]

export const LOGO_FONTS = [
  'a geometric sans-serif',
  'a friendly rounded sans',
  'a high-contrast serif',
  'a condensed grotesque',
  'a humanist sans-serif',
]

/** What each concept is checked for, one per concept, so concepts read differently. */
export const LOGO_NOTES = [
  'It stays legible at 16 px and works in one colour.',
  'It scales down to a favicon without losing its shape.',
  'Works in black and white as well as in full colour.',
  'Reads clearly on a phone screen, a sign or a receipt.',
  'Keeps its shape when embossed, stitched or printed small.',
]
