import { localStorageColorSchemeManager, type MantineColorScheme } from '@mantine/core'

/**
 * Where the visitor's choice is kept. Mantine's default key, so the pre-paint script in
 * public/color-scheme.js (which cannot import this module) reads the same entry.
 */
export const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value'

/** Light is the default until the visitor chooses (spec section 4). */
export const DEFAULT_COLOR_SCHEME: MantineColorScheme = 'light'

export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY })

/**
 * The three choices offered in the navigation bar; 'auto' is Mantine's name for "follow the OS".
 * Each is named by layout.colorScheme.<value> ("Light", "Dark", "System").
 */
export const COLOR_SCHEME_CHOICES = [
  { value: 'light' },
  { value: 'dark' },
  { value: 'auto' },
] as const satisfies ReadonlyArray<{ value: MantineColorScheme }>
