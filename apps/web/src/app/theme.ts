import { createTheme } from '@mantine/core'

const systemFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif'

export const theme = createTheme({
  primaryColor: 'violet',
  // White on violet 5 is 4.3:1, under WCAG AA; violet 6 gives 5:1 for the dark scheme's filled buttons.
  primaryShade: { light: 7, dark: 6 },
  defaultRadius: 'md',
  fontFamily: systemFont,
  headings: { fontFamily: systemFont, fontWeight: '700' },
  // Keyboard users always see where focus is; mouse clicks do not leave rings behind.
  focusRing: 'auto',
  cursorType: 'pointer',
  components: {
    // A dialog's header is a <header> outside any sectioning element, which makes it a second banner
    // landmark beside the site's; a plain div keeps one banner per page. Its close button gets a name.
    ModalHeader: { defaultProps: { component: 'div' } },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
})
