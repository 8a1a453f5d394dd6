import type { ClerkProvider } from '@clerk/react'
import { useEffect, useState, type ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'

import { isLanguage, type Language } from '@promptly/core/web/languages'

/** Clerk's own texts for its sign-in and account screens, in the shape ClerkProvider takes. */
export type ClerkLocalization = NonNullable<ComponentProps<typeof ClerkProvider>['localization']>

/**
 * Clerk's texts for each interface language but English (Clerk's own). Each is a chunk of its own,
 * fetched only by a visitor reading that language, and only when Clerk is the identity provider.
 */
const CLERK_TEXTS: Record<Exclude<Language, 'en'>, () => Promise<ClerkLocalization>> = {
  es: () => import('@clerk/localizations/es-ES').then((texts) => texts.esES),
  hi: () => import('@clerk/localizations/hi-IN').then((texts) => texts.hiIN),
  ar: () => import('@clerk/localizations/ar-SA').then((texts) => texts.arSA),
}

export function loadClerkLocalization(language: Language): Promise<ClerkLocalization | undefined> {
  return language === 'en' ? Promise.resolve(undefined) : CLERK_TEXTS[language]()
}

/**
 * Clerk's texts in the page's language, following the language picker. Until another language's
 * texts arrive, Clerk keeps the ones it has, as the rest of the page does while its texts load.
 */
export function useClerkLocalization(): ClerkLocalization | undefined {
  const { i18n } = useTranslation()
  const current = i18n.resolvedLanguage ?? i18n.language
  const language: Language = isLanguage(current) ? current : 'en'
  const [texts, setTexts] = useState<ClerkLocalization | undefined>(undefined)

  useEffect(() => {
    let cancelled = false
    loadClerkLocalization(language)
      .then((loaded) => {
        if (!cancelled) setTexts(() => loaded)
      })
      // A chunk that fails to load leaves Clerk in the language it shows; the page itself goes on.
      .catch(() => undefined)
    return () => {
      cancelled = true
    }
  }, [language])

  return texts
}
