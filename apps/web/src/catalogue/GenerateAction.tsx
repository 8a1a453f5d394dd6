import { Button, VisuallyHidden } from '@mantine/core'
import IconExternalLink from '@tabler/icons-react/dist/esm/icons/IconExternalLink.mjs'

import type { ToolCard } from '@promptly/api/tools/tool.schema'
import { MESSAGES } from '@promptly/core/messages'

import { toast } from '../components/toast.ts'

export function generatorHref(toolId: string): string {
  return `/generate?id=${encodeURIComponent(toolId)}`
}

/**
 * Generate opens the tool's generator in a new tab. An upcoming tool cannot open yet: its button
 * shows 'Coming Soon...' when pressed and goes nowhere.
 */
export function GenerateAction({
  tool,
  size = 'sm',
}: {
  tool: Pick<ToolCard, 'id' | 'name' | 'upcoming'>
  size?: 'xs' | 'sm'
}) {
  if (tool.upcoming) {
    return (
      <Button size={size} variant="default" onClick={() => toast.info(MESSAGES.comingSoon, `coming-soon-${tool.id}`)}>
        Generate<VisuallyHidden> with {tool.name} (coming soon)</VisuallyHidden>
      </Button>
    )
  }
  return (
    <Button
      size={size}
      component="a"
      href={generatorHref(tool.id)}
      target="_blank"
      rel="noopener"
      rightSection={<IconExternalLink size={14} aria-hidden />}
    >
      Generate<VisuallyHidden> with {tool.name} (opens in a new tab)</VisuallyHidden>
    </Button>
  )
}
