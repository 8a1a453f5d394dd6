import { createTheme, mergeThemeOverrides, type MantineThemeOverride } from '@mantine/core'

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
    // landmark beside the site's; a plain div keeps one banner per page.
    ModalHeader: { defaultProps: { component: 'div' } },
  },
})

/** The names the theme gives controls Mantine draws without one, in the page's language. */
export interface ThemeLabels {
  /** A dialog's close button (an icon). */
  close: string
}

/** The theme with its labels: built by AppProviders once per language, not on every render. */
export function themeWithLabels(labels: ThemeLabels): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: { Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } } },
  })
}
