import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * Mantine's close button is an icon with no name of its own, so screen readers would announce
 * only "button". Set here, in the lazy toast chunk, rather than in the app theme the home page loads.
 */
function toastTheme(closeLabel: string): MantineThemeOverride {
  return { components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } } } }
}

/** The toast renderer, split from the entry chunk (see Toaster). */
export default function ToastViewport() {
  const { t } = useTranslation()
  const closeLabel = t('common.closeNotification')
  const theme = useMemo(() => toastTheme(closeLabel), [closeLabel])
  return (
    <MantineThemeProvider theme={theme}>
      <Notifications position="top-center" autoClose={4000} limit={3} containerWidth={356} />
    </MantineThemeProvider>
  )
}
