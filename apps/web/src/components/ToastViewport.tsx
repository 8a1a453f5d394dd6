import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { ToastNavigation } from './toast-navigation.ts'
import { useSwipeToDismiss } from './toast-swipe.ts'

/**
 * Mantine's close button is an icon with no name of its own, so screen readers would announce
 * only "button". Set here, in the lazy toast chunk, rather than in the app theme the home page loads.
 */
function toastTheme(closeLabel: string): MantineThemeOverride {
  return { components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } } } }
}

/** Alt+T, whatever the keyboard layout types with it (on a Mac, Option+T types '†'). */
export function isToastHotkey(event: KeyboardEvent): boolean {
  return event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyT'
}

/**
 * The toast renderer, split from the entry chunk (see Toaster). The toasts live in one named
 * region, focused by Alt+T (spec section 4) so keyboard users can reach a toast's link or close
 * button; a sideways swipe of 20 px dismisses a toast (toast-swipe.ts).
 */
export default function ToastViewport({ navigate }: { navigate?: ((to: string) => void) | undefined }) {
  const { t } = useTranslation()
  const closeLabel = t('common.closeNotification')
  const theme = useMemo(() => toastTheme(closeLabel), [closeLabel])
  const region = useRef<HTMLElement>(null)
  const swipe = useSwipeToDismiss()

  useEffect(() => {
    const focusRegion = (event: KeyboardEvent) => {
      if (!isToastHotkey(event)) return
      event.preventDefault()
      region.current?.focus()
    }
    document.addEventListener('keydown', focusRegion)
    return () => document.removeEventListener('keydown', focusRegion)
  }, [])

  return (
    <MantineThemeProvider theme={theme}>
      <ToastNavigation value={navigate ?? null}>
        {/* The toasts are fixed in place, so they need no portal: rendered in here, the region holds them. */}
        <section ref={region} tabIndex={-1} aria-label={t('common.notifications')} {...swipe}>
          <Notifications
            position="top-center"
            autoClose={4000}
            limit={3}
            containerWidth={356}
            withinPortal={false}
            allowDragDismiss={false}
          />
        </section>
      </ToastNavigation>
    </MantineThemeProvider>
  )
}
