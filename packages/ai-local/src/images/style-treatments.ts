import type { ImageStyle } from '@promptly/core/generation/media-options'

import type { StyleTreatment } from './style-look-types.ts'

/** Each style's outlines, ground, scenery, frame, texture, vignette, subject backing and finish. */

const SEPIA = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
] as const

export const STYLE_TREATMENTS: Record<ImageStyle, StyleTreatment> = {
  Professional: {
    outline: 0,
    ground: 'flat',
    scenery: 'flat-shapes',
    frame: 'card',
    texture: 'none',
    vignette: 0,
    subjectBacking: 'badge',
    subjectSaturation: 1,
    finish: null,
  },
  Art: {
    outline: 7,
    ground: 'flat',
    scenery: 'paint-blobs',
    frame: 'none',
    texture: 'canvas',
    vignette: 0,
    subjectBacking: 'blob',
    subjectSaturation: 1,
    finish: null,
  },
  Drawing: {
    outline: 2.2,
    ground: 'pencil',
    scenery: 'pencil-hatching',
    frame: 'sketch-border',
    texture: 'paper',
    vignette: 0,
    subjectBacking: 'pencil-ring',
    subjectSaturation: 0.12,
    finish: null,
  },
  Photo: {
    outline: 0,
    ground: 'gradient',
    scenery: 'soft-focus',
    frame: 'none',
    texture: 'grain',
    vignette: 0.55,
    subjectBacking: 'shadow',
    subjectSaturation: 1,
    finish: null,
  },
  Victorian: {
    outline: 1.5,
    ground: 'gradient',
    scenery: 'gothic-skyline',
    frame: 'ornate',
    texture: 'speckle',
    vignette: 0.6,
    subjectBacking: 'cameo',
    subjectSaturation: 0.7,
    finish: SEPIA,
  },
  Reflections: {
    outline: 0,
    ground: 'gradient',
    scenery: 'lake',
    frame: 'none',
    texture: 'none',
    vignette: 0.3,
    subjectBacking: 'none',
    subjectSaturation: 1,
    finish: null,
  },
  Industrial: {
    outline: 3,
    ground: 'flat',
    scenery: 'structures',
    frame: 'rivets',
    texture: 'brushed-metal',
    vignette: 0.35,
    subjectBacking: 'shadow',
    subjectSaturation: 0.55,
    finish: null,
  },
}
