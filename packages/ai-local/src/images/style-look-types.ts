import type { ImageStyle } from '@promptly/core/generation/media-options'

/** What a picture's style decides: the colours (style-palettes.ts) and the treatment (style-treatments.ts). */

export interface Palette {
  /** Sky from top to horizon. */
  sky: readonly [string, string, string]
  /** Ground layers from far to near. */
  ground: readonly [string, string, string]
  /** Shapes, blobs, structures. */
  accents: readonly string[]
  sun: string
  /** Outlines, pencil, frame lines. */
  ink: string
  /** Water, for the reflection; also the frame fill where a style has one. */
  water: string
}

export interface StyleLook {
  style: ImageStyle
  palette: Palette
  /** Outline width on scenery per 1,024 px (0: flat shapes without outlines). */
  outline: number
  /** Hills as flat fills, soft gradients or pencil lines on paper. */
  ground: 'flat' | 'gradient' | 'pencil'
  scenery: 'flat-shapes' | 'paint-blobs' | 'pencil-hatching' | 'soft-focus' | 'gothic-skyline' | 'lake' | 'structures'
  frame: 'card' | 'none' | 'sketch-border' | 'ornate' | 'rivets'
  texture: 'none' | 'paper' | 'canvas' | 'grain' | 'speckle' | 'brushed-metal'
  vignette: number
  subjectBacking: 'badge' | 'blob' | 'pencil-ring' | 'shadow' | 'cameo' | 'none'
  /** Colour left in the subjects, 1 = the emoji's own; the pencil style draws them nearly grey. */
  subjectSaturation: number
  /** A colour matrix applied to the finished picture (sepia for Victorian), or null. */
  finish: readonly [readonly number[], readonly number[], readonly number[]] | null
}

/** What a style does to the picture, apart from its colours. */
export type StyleTreatment = Omit<StyleLook, 'style' | 'palette'>
