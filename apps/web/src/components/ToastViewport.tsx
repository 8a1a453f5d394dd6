import { MantineThemeProvider, type MantineThemeOverride } from '@mantine/core'
import { Notifications } from '@mantine/notifications'

/**
 * Mantine's close button is an icon with no name of its own, so screen readers would announce
 * only "button". Set here, in the lazy toast chunk, rather than in the app theme the home page loads.
 */
const toastTheme: MantineThemeOverride = {
  components: { Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } } },
}

/** The toast renderer, split from the entry chunk (see Toaster). */
export default function ToastViewport() {
  return (
    <MantineThemeProvider theme={toastTheme}>
      <Notifications position="top-center" autoClose={4000} limit={3} containerWidth={356} />
    </MantineThemeProvider>
  )
}
