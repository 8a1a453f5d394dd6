import { DEFAULT_IMAGE_STYLE, IMAGE_STYLES, type ImageStyle } from '@promptly/core/generation/media-options'

/**
 * The server sends `imagePrompt(text, style)` (core/generation/media.ts): the user's words, then a
 * line `Style: <style>.`. The renderer reads the style back from that line; any other prompt (a
 * caller talking to the local server directly) is drawn in the default style.
 */

export interface ParsedImagePrompt {
  /** The user's description, without the style line. */
  text: string
  style: ImageStyle
}

const STYLE_LINE = /(?:^|\n)\s*Style:\s*([A-Za-z]+)\.?\s*$/u

export function parseImagePrompt(prompt: string): ParsedImagePrompt {
  const match = STYLE_LINE.exec(prompt)
  const named = match?.[1]?.toLowerCase()
  const style = IMAGE_STYLES.find((candidate) => candidate.toLowerCase() === named)
  if (!match || !style) return { text: prompt.trim(), style: DEFAULT_IMAGE_STYLE }
  return { text: prompt.slice(0, match.index).trim(), style }
}
