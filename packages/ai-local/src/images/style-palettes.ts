import type { ImageStyle } from '@promptly/core/generation/media-options'

import type { Random } from '../composer/seeded-random.ts'

/**
 * How each style looks: its colours and the treatment the scene, subjects and frame get. Every
 * style has a few palettes so the n pictures of one request differ in colour as well as layout,
 * while staying recognisably the same style.
 */

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

const SEPIA = [
  [0.393, 0.769, 0.189],
  [0.349, 0.686, 0.168],
  [0.272, 0.534, 0.131],
] as const

type Treatment = Omit<StyleLook, 'style' | 'palette'>

const STYLES: Record<ImageStyle, { treatment: Treatment; palettes: readonly Palette[] }> = {
  Professional: {
    treatment: {
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
    palettes: [
      {
        sky: ['#e8f1fb', '#d9e8f7', '#c6ddf3'],
        ground: ['#9cc3e6', '#5b9bd5', '#2f6fb0'],
        accents: ['#1f4e79', '#f4b183', '#70ad47', '#ffc000'],
        sun: '#ffc000',
        ink: '#1f3b57',
        water: '#ffffff',
      },
      {
        sky: ['#eef7f6', '#dff0ee', '#cfe8e4'],
        ground: ['#8fd1c7', '#3aa99b', '#1f7a70'],
        accents: ['#264653', '#e9c46a', '#f4a261', '#2a9d8f'],
        sun: '#e9c46a',
        ink: '#264653',
        water: '#ffffff',
      },
      {
        sky: ['#f3f4f8', '#e4e7f1', '#d5daea'],
        ground: ['#a5b4fc', '#6366f1', '#3730a3'],
        accents: ['#0f172a', '#f59e0b', '#10b981', '#ef4444'],
        sun: '#f59e0b',
        ink: '#1e1b4b',
        water: '#ffffff',
      },
    ],
  },
  Art: {
    treatment: {
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
    palettes: [
      {
        sky: ['#ff4e50', '#fc913a', '#f9d423'],
        ground: ['#e1306c', '#833ab4', '#2b1055'],
        accents: ['#00c9ff', '#92fe9d', '#ff0080', '#ffea00', '#7b2ff7'],
        sun: '#fff200',
        ink: '#1a0933',
        water: '#00c9ff',
      },
      {
        sky: ['#3a1c71', '#d76d77', '#ffaf7b'],
        ground: ['#00b09b', '#0f9b8e', '#114357'],
        accents: ['#ff006e', '#fb5607', '#ffbe0b', '#8338ec', '#3a86ff'],
        sun: '#ffbe0b',
        ink: '#10002b',
        water: '#3a86ff',
      },
      {
        sky: ['#00f5d4', '#00bbf9', '#9b5de5'],
        ground: ['#f15bb5', '#fee440', '#ff6d00'],
        accents: ['#ff006e', '#fee440', '#00f5d4', '#9b5de5', '#f15bb5'],
        sun: '#fee440',
        ink: '#240046',
        water: '#00bbf9',
      },
    ],
  },
  Drawing: {
    treatment: {
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
    palettes: [
      {
        sky: ['#f8f5ec', '#f7f3e9', '#f5f0e4'],
        ground: ['#f3eee1', '#efe9da', '#ebe4d3'],
        accents: ['#4a4a4a', '#6b6b6b', '#8c8c8c'],
        sun: '#f8f5ec',
        ink: '#3a3a3a',
        water: '#f8f5ec',
      },
      {
        sky: ['#f5f3ee', '#f3f1ea', '#f0ede5'],
        ground: ['#eeebe3', '#e9e5db', '#e4dfd3'],
        accents: ['#2e3440', '#4c566a', '#6b7280'],
        sun: '#f5f3ee',
        ink: '#2e3440',
        water: '#f5f3ee',
      },
    ],
  },
  Photo: {
    treatment: {
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
    palettes: [
      {
        sky: ['#4f7cba', '#a7c4e2', '#f6d7a7'],
        ground: ['#8aa27a', '#5d7a4f', '#344a2e'],
        accents: ['#fff4d6', '#ffffff', '#f2c48d'],
        sun: '#fff1c9',
        ink: '#1d2a1a',
        water: '#3d6b8f',
      },
      {
        sky: ['#7f96ad', '#b5c4d1', '#e2e6e8'],
        ground: ['#93a38c', '#687765', '#3f4a3d'],
        accents: ['#ffffff', '#e8eef2', '#cfd8dc'],
        sun: '#fdfdf8',
        ink: '#222a22',
        water: '#5d7a8c',
      },
      {
        sky: ['#2c3e66', '#7a6c9a', '#e8a87c'],
        ground: ['#5a6378', '#39414f', '#1f242d'],
        accents: ['#ffd9a8', '#ffc48a', '#ffffff'],
        sun: '#ffe0b0',
        ink: '#11151c',
        water: '#33415e',
      },
    ],
  },
  Victorian: {
    treatment: {
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
    palettes: [
      {
        sky: ['#ecdfc4', '#dfcba4', '#cfb78a'],
        ground: ['#a88b5f', '#86693f', '#5e4526'],
        accents: ['#7b1e1e', '#b8860b', '#3e2a14'],
        sun: '#f5ecd6',
        ink: '#3e2a14',
        water: '#4a3520',
      },
      {
        sky: ['#e6d3b3', '#d4bc92', '#c2a577'],
        ground: ['#9c7b52', '#7a5a35', '#4f3820'],
        accents: ['#5c1a1a', '#a67c2e', '#2e1f10'],
        sun: '#f0e2c4',
        ink: '#2e1f10',
        water: '#3b2a18',
      },
    ],
  },
  Reflections: {
    treatment: {
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
    palettes: [
      {
        sky: ['#0f2c59', '#3e7cb1', '#f5b971'],
        ground: ['#3b5a6e', '#2d4a3e', '#1f3a32'],
        accents: ['#f5b971', '#ffffff', '#9fd3ff'],
        sun: '#ffd79a',
        ink: '#0b1d33',
        water: '#164a6e',
      },
      {
        sky: ['#7f7fd5', '#b6a6e8', '#f9c6cf'],
        ground: ['#8f8fc4', '#5b6c8f', '#3d4a6b'],
        accents: ['#ffe3ec', '#ffffff', '#c8d4ff'],
        sun: '#fff0f3',
        ink: '#2a2f4f',
        water: '#4b5a9a',
      },
      {
        sky: ['#13547a', '#5fa8a0', '#d7f0d0'],
        ground: ['#4f8a73', '#2f6b57', '#1c4a3c'],
        accents: ['#ffffff', '#d7f0d0', '#a0e0d0'],
        sun: '#fbfbe0',
        ink: '#0a2a30',
        water: '#0f5060',
      },
    ],
  },
  Industrial: {
    treatment: {
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
    palettes: [
      {
        sky: ['#4d5257', '#7d8288', '#b3aca0'],
        ground: ['#55595e', '#3e4145', '#2a2c2f'],
        accents: ['#b7410e', '#8b3a1a', '#d17a22', '#6f7377'],
        sun: '#d9a066',
        ink: '#1b1c1e',
        water: '#5c6166',
      },
      {
        sky: ['#33393f', '#646c74', '#a8907c'],
        ground: ['#5e5650', '#45403c', '#2b2826'],
        accents: ['#a0522d', '#c26a3d', '#7a7f84', '#8b4513'],
        sun: '#c26a3d',
        ink: '#151617',
        water: '#4d5358',
      },
    ],
  },
}

export function lookFor(style: ImageStyle, random: Random): StyleLook {
  const { treatment, palettes } = STYLES[style]
  return { style, palette: random.pick(palettes), ...treatment }
}
