import { useDirection } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { directionOf, isLanguage, languageCookie, type Language } from '@promptly/core/web/languages'

import { applyDocumentLanguage } from './document-language.ts'

/**
 * The language the page is in, and a way to switch it: the new language's texts are loaded first
 * (the page keeps its old texts meanwhile), then every string changes at once, the page turns
 * right-to-left when the language is, and a cookie remembers the choice for the server.
 */
export function useChangeLanguage(): { language: Language; changeLanguage: (language: Language) => Promise<void> } {
  const { i18n } = useTranslation()
  const { setDirection } = useDirection()
  const current = i18n.resolvedLanguage ?? i18n.language
  return {
    language: isLanguage(current) ? current : 'en',
    changeLanguage: async (language) => {
      await i18n.changeLanguage(language)
      document.cookie = languageCookie(language)
      applyDocumentLanguage(language)
      setDirection(directionOf(language))
    },
  }
}
