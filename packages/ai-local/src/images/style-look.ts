import type { ImageStyle } from '@promptly/core/generation/media-options'

import type { Random } from '../composer/seeded-random.ts'
import type { StyleLook } from './style-look-types.ts'
import { STYLE_PALETTES } from './style-palettes.ts'
import { STYLE_TREATMENTS } from './style-treatments.ts'

/**
 * How each style looks: its colours (style-palettes.ts) and the treatment the scene, subjects and
 * frame get (style-treatments.ts). Every style has a few palettes so the n pictures of one request
 * differ in colour as well as layout, while staying recognisably the same style.
 */
export function lookFor(style: ImageStyle, random: Random): StyleLook {
  return { style, palette: random.pick(STYLE_PALETTES[style]), ...STYLE_TREATMENTS[style] }
}
