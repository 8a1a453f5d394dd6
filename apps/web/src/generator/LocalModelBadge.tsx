import { Badge } from '@mantine/core'

/**
 * Says the text comes from the built-in local model (no AI provider configured): an honest,
 * deterministic composer, not a language model.
 */
export function LocalModelBadge() {
  return (
    <Badge
      variant="light"
      color="gray"
      radius="sm"
      title="No AI provider is configured: text is written by the built-in local model, a deterministic composer."
    >
      Local model
    </Badge>
  )
}
