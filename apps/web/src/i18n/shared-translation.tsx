import { createContext, use, type ReactNode } from 'react'
import { useTranslation, type UseTranslationResponse } from 'react-i18next'

type SharedTranslation = UseTranslationResponse<'translation', undefined>

const SharedTranslationContext = createContext<SharedTranslation | null>(null)

/**
 * The everyday texts' `t`, read once for the whole app and handed down: a new value (and so a
 * re-render of its readers) when the language changes. Each `useTranslation()` copies the i18n
 * instance's properties and subscribes to its events, a cost the home page paid four times per
 * catalogue card (close to 200 times) while it hydrated on a phone.
 */
export function SharedTranslationProvider({ children }: { children: ReactNode }) {
  return <SharedTranslationContext value={useTranslation()}>{children}</SharedTranslationContext>
}

/**
 * `useTranslation()` for the everyday texts, without a hook instance of its own: for components a
 * page shows many times over (the catalogue's cards and their controls).
 */
export function useSharedTranslation(): SharedTranslation {
  const translation = use(SharedTranslationContext)
  if (!translation) throw new Error('useSharedTranslation needs SharedTranslationProvider (AppProviders)')
  return translation
}
