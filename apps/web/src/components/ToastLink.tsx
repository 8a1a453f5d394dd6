import { Anchor } from '@mantine/core'
import { use, type MouseEvent, type ReactNode } from 'react'

import { ToastNavigation } from './toast-navigation.ts'

/**
 * A real link inside a toast: an href the browser understands (new tab, copy address), followed
 * without reloading the page on a plain click when the app handed the toasts its navigation.
 */
export function ToastLink({ to, children }: { to: string; children?: ReactNode }) {
  const navigate = use(ToastNavigation)
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!navigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    navigate(to)
  }
  return (
    <Anchor href={to} onClick={follow} fw={600} underline="always">
      {children}
    </Anchor>
  )
}
