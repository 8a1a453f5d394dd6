import type { ToolKind } from '@promptly/core/catalogue/tool'

/**
 * Kinds whose earlier generation can fill the tool's form again, from what the server kept with it:
 * the generic form's values, the text to paraphrase or speak, the image prompt and style. A
 * transcription's audio file cannot be chosen for the user: it has no 'Run again'.
 */
const RUN_AGAIN_KINDS: ReadonlySet<ToolKind> = new Set(['generic', 'paraphrase', 'text_to_audio', 'image'])

/** A history entry offers 'Run again' when its tool still exists and its kind can be refilled. */
export function canRunAgain(item: {
  toolId: string | null
  kind: ToolKind
}): item is { toolId: string; kind: ToolKind } {
  return item.toolId !== null && RUN_AGAIN_KINDS.has(item.kind)
}
