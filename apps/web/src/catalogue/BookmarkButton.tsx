import type { ToolCard } from '@promptly/api/tools/tool.schema'
import { ActionIcon } from '@mantine/core'
import { BookmarkIcon } from './icons.tsx'
import { useBookmarkToggle } from './useBookmarkToggle.ts'

/**
 * The bookmark toggle of a card: a toggle button ("Bookmark <name>", pressed when bookmarked).
 * While its request is in flight it stays focusable but ignores presses (aria-disabled).
 */
export function BookmarkButton({ tool }: { tool: ToolCard }) {
  const { toggle, pending } = useBookmarkToggle(tool)
  const pressed = tool.isBookmarked
  return (
    <ActionIcon
      variant={pressed ? 'light' : 'subtle'}
      color={pressed ? undefined : 'gray'}
      size="lg"
      aria-label={`Bookmark ${tool.name}`}
      aria-pressed={pressed}
      aria-disabled={pending || undefined}
      data-pending={pending || undefined}
      title={pressed ? 'Remove bookmark' : 'Bookmark'}
      onClick={toggle}
      style={pending ? { opacity: 0.6, cursor: 'progress' } : undefined}
    >
      <BookmarkIcon size={20} filled={pressed} />
    </ActionIcon>
  )
}
