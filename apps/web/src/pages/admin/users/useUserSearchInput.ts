import { useDebouncedValue } from '@mantine/hooks'
import { useEffect, useState } from 'react'

/** How long typing pauses before the search runs. */
export const USER_SEARCH_DEBOUNCE_MS = 300

/**
 * The search box's text, and the search it settles on once typing pauses (trimmed), which is also
 * written to the address through `onSettled`.
 */
export function useUserSearchInput(initial: string, onSettled: (search: string) => void) {
  const [text, setText] = useState(initial)
  const [settled] = useDebouncedValue(text.trim(), USER_SEARCH_DEBOUNCE_MS)
  useEffect(() => {
    if (settled !== initial) onSettled(settled)
  }, [settled, initial, onSettled])
  return { text, setText, settled, typing: text.trim() !== settled }
}
