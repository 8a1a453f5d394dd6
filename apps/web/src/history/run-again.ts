import type { ToolKind } from '@promptly/core/catalogue/tool'

/**
 * Kinds whose earlier generation can fill the tool's form again: the generic form from its values,
 * text to audio from the spoken text, the image generator from its prompt and style (both kept as
 * the generation's output). A paraphrase keeps only the rewrite, not the original, and a
 * transcription's audio file cannot be chosen for the user: those have no 'Run again'.
 */
const RUN_AGAIN_KINDS: ReadonlySet<ToolKind> = new Set(['generic', 'text_to_audio', 'image'])

/** A history entry offers 'Run again' when its tool still exists and its kind can be refilled. */
export function canRunAgain(item: { toolId: string | null; kind: ToolKind }): item is { toolId: string; kind: ToolKind } {
  return item.toolId !== null && RUN_AGAIN_KINDS.has(item.kind)
}
