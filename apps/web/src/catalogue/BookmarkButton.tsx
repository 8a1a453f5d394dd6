import IconBookmark from '@tabler/icons-react/dist/esm/icons/IconBookmark.mjs'
import IconBookmarkFilled from '@tabler/icons-react/dist/esm/icons/IconBookmarkFilled.mjs'
import { useLayoutEffect, useRef, type RefObject } from 'react'

import type { ToolCard } from '@promptly/api/tools/tool.schema'

import { useSharedTranslation } from '../i18n/shared-translation.tsx'
import controls from '../theme/controls.module.css'
import { useBookmarkToggle } from './useBookmarkToggle.ts'

/**
 * The bookmark toggle of a card: a toggle button ("Bookmark <name>", pressed when bookmarked).
 * While its request is in flight it stays focusable but ignores presses (aria-disabled). Styled
 * like Mantine's ActionIcon (one on every card).
 */
export function BookmarkButton({ tool, className }: { tool: ToolCard; className?: string }) {
  const { t } = useSharedTranslation()
  const { toggle, pending } = useBookmarkToggle(tool)
  const ref = useRef<HTMLButtonElement>(null)
  useHandOnFocusWhenRemoved(ref)
  const pressed = tool.isBookmarked
  return (
    <button
      ref={ref}
      type="button"
      className={`mantine-focus-auto mantine-active ${controls.actionIcon}${className ? ` ${className}` : ''}`}
      data-variant={pressed ? 'light' : 'subtle-gray'}
      aria-label={t('catalogue.bookmark.label', { name: tool.name })}
      aria-pressed={pressed}
      aria-disabled={pending || undefined}
      data-pending={pending || undefined}
      data-bookmark-toggle
      title={pressed ? t('catalogue.bookmark.remove') : t('catalogue.bookmark.add')}
      onClick={toggle}
      style={pending ? { opacity: 0.6, cursor: 'progress' } : undefined}
    >
      {pressed ? <IconBookmarkFilled size={20} aria-hidden /> : <IconBookmark size={20} aria-hidden />}
    </button>
  )
}

/**
 * A toggle whose row is dropped while it has focus (a bookmark removed from the profile or My
 * Tools) would leave focus on the page body, and a keyboard user would start again from the top.
 * Lists that drop rows say so with `data-bookmark-list`; their rows are their direct children.
 * It hands focus to the toggle of the row now in its place, else of the row before, else to what
 * labels the list (the profile's heading, My Tools' tab). Runs as the toggle unmounts, while it is
 * still in the page; the focus moves once React has finished updating it.
 */
function useHandOnFocusWhenRemoved(ref: RefObject<HTMLButtonElement | null>): void {
  useLayoutEffect(() => {
    const button = ref.current
    return () => {
      if (!button || document.activeElement !== button) return
      const list = button.closest<HTMLElement>('[data-bookmark-list]')
      if (!list) return
      const index = [...list.children].findIndex((row) => row.contains(button))
      const labelId = list.closest('[aria-labelledby]')?.getAttribute('aria-labelledby')
      queueMicrotask(() => {
        const active = document.activeElement
        // Focus went somewhere on purpose meanwhile: leave it there.
        if (active && active !== document.body && active.isConnected) return
        const rows = list.isConnected ? [...list.children] : []
        const row = rows[index] ?? rows[index - 1]
        const toggle = row?.querySelector<HTMLElement>('[data-bookmark-toggle]')
        const fallback = labelId ? document.getElementById(labelId) : null
        ;(toggle ?? fallback)?.focus()
      })
    }
  }, [ref])
}
