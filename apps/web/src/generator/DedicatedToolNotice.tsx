import type { ToolKind } from '@promptly/core/catalogue/tool'
import { Alert, Text } from '@mantine/core'

const SCREEN_NAMES: Record<Exclude<ToolKind, 'generic'>, string> = {
  paraphrase: 'paraphrasing',
  image: 'image generation',
  text_to_audio: 'text to audio',
  transcription: 'audio transcription',
}

/** The dedicated tools (paraphrase, image, text to audio, transcription) get their own screens later. */
export function DedicatedToolNotice({ kind }: { kind: Exclude<ToolKind, 'generic'> }) {
  return (
    <Alert color="violet" variant="light" title="Coming in a later release" radius="lg">
      <Text size="sm">
        The {SCREEN_NAMES[kind]} screen for this tool is coming in a later release. Meanwhile, the related tools below can help.
      </Text>
    </Alert>
  )
}
