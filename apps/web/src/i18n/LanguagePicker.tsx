import { useTranslation } from 'react-i18next'

import { isLanguage, LANGUAGE_CODES, LANGUAGES } from '@promptly/core/web/languages'

import { useInertUntilHydrated } from '../app/useHydrated.ts'
import controls from '../theme/controls.module.css'
import { useChangeLanguage } from './useChangeLanguage.ts'

/**
 * The page-translation widget: a native select of the interface languages, each named in itself.
 * Inert until the page has hydrated, so a choice made on the server's markup is not lost.
 */
export function LanguagePicker({ className }: { className?: string }) {
  const { t } = useTranslation()
  const { language, changeLanguage } = useChangeLanguage()
  const untilLive = useInertUntilHydrated()
  return (
    <div className={className}>
      <select
        aria-label={t('layout.language.label')}
        className={controls.languageSelect}
        value={language}
        {...untilLive}
        onChange={(event) => {
          const chosen = event.currentTarget.value
          if (isLanguage(chosen)) void changeLanguage(chosen)
        }}
      >
        {LANGUAGE_CODES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LANGUAGES[code].name}
          </option>
        ))}
      </select>
    </div>
  )
}
