import { createInstance, type i18n } from 'i18next'
import { initReactI18next } from 'react-i18next'

import { LANGUAGE_CODES, type Language } from '@promptly/core/web/languages'

import { textsBackend, type Namespace } from './texts-backend.ts'

export type { i18n as I18n } from 'i18next'

export interface I18nOptions {
  /** Namespaces to load besides the everyday texts (a page's own, when known up front). */
  namespaces?: Namespace[]
  /** Called for a key the language lacks: tests make it fail, so no text can go missing unseen. */
  onMissingKey?: (language: string, namespace: string, key: string) => void
}

/**
 * An i18n instance for one language with its everyday texts loaded. One per page render on the
 * server (renders in different languages run side by side), one for the life of the page in the
 * browser. There is no fallback language: a missing key shows as the key, and the texts tests fail
 * on it before it can ship.
 */
export async function createI18n(language: Language, options: I18nOptions = {}): Promise<i18n> {
  const instance = createInstance()
  await instance
    .use(textsBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: LANGUAGE_CODES,
      fallbackLng: false,
      ns: ['translation', ...(options.namespaces ?? [])],
      defaultNS: 'translation',
      // React escapes what it renders; escaping here too would show entities as text.
      interpolation: { escapeValue: false },
      saveMissing: options.onMissingKey !== undefined,
      missingKeyHandler: options.onMissingKey
        ? (languages, namespace, key) => {
            for (const missingIn of languages) options.onMissingKey?.(missingIn, namespace, key)
          }
        : undefined,
      react: { useSuspense: true },
    })
  return instance
}
