import type { ToolKind } from '@promptly/core/catalogue/tool'
import { sanitizeHtml } from '@promptly/core/generation/sanitize-html'
import { IMAGE_STYLES, type ImageStyle } from '@promptly/core/generation/media'

export interface PreviousPrompt {
  prompt: string
  style?: ImageStyle
}

/**
 * What a dedicated tool's earlier generation asked for, read back from its stored output (history's
 * 'Run again'). The server keeps that output as one escaped paragraph per line: for text to audio
 * the text that was spoken, for images the prompt followed by a 'Style: …' line. Null for the other
 * kinds (see history/run-again.ts) and when there is nothing to read.
 */
export function previousPrompt(kind: ToolKind, outputHtml: string | null): PreviousPrompt | null {
  if (!outputHtml || (kind !== 'text_to_audio' && kind !== 'image')) return null
  const lines = paragraphs(outputHtml)
  if (kind === 'text_to_audio') return lines.length > 0 ? { prompt: lines.join('\n') } : null
  const style = IMAGE_STYLES.find((candidate) => lines.at(-1) === `Style: ${candidate}`)
  const promptLines = style ? lines.slice(0, -1) : lines
  if (promptLines.length === 0) return null
  return { prompt: promptLines.join('\n'), ...(style ? { style } : {}) }
}

/** The text of each paragraph, entities decoded by the browser's parser (never attached to the page). */
function paragraphs(html: string): string[] {
  const doc = new DOMParser().parseFromString(sanitizeHtml(html), 'text/html')
  const blocks = [...doc.body.querySelectorAll('p')]
  const texts = blocks.length > 0 ? blocks.map((block) => block.textContent ?? '') : [doc.body.textContent ?? '']
  return texts.map((text) => text.trim()).filter((text) => text !== '')
}
