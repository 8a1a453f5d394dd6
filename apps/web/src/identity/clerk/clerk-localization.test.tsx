import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'

import type { Language } from '@promptly/core/web/languages'

import { createTestI18n } from '../../i18n/testing.ts'
import { loadClerkLocalization, useClerkLocalization } from './clerk-localization.ts'

/** The title of Clerk's sign-in screen in a localization, or Clerk's English default. */
const signInTitle = async (language: Language) =>
  (await loadClerkLocalization(language))?.signIn?.start?.title ?? 'Clerk default (English)'

describe("Clerk's texts", () => {
  it("are Clerk's own English for English, and the page's language for the others", async () => {
    expect(await loadClerkLocalization('en')).toBeUndefined()
    expect(await signInTitle('es')).toMatch(/Iniciar sesión|Entrar/i)
    expect(await signInTitle('hi')).toMatch(/[\u0900-\u097F]/)
    expect(await signInTitle('ar')).toMatch(/[\u0600-\u06FF]/)
  })

  it('follow the page when its language changes', async () => {
    const i18n = createTestI18n()
    const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    const { result } = renderHook(() => useClerkLocalization(), { wrapper })
    expect(result.current).toBeUndefined()

    await i18n.changeLanguage('es')
    const spanish = await loadClerkLocalization('es')
    await waitFor(() => expect(result.current).toBe(spanish))

    await i18n.changeLanguage('ar')
    const arabic = await loadClerkLocalization('ar')
    await waitFor(() => expect(result.current).toBe(arabic))

    await i18n.changeLanguage('en')
    await waitFor(() => expect(result.current).toBeUndefined())
  })
})
