import { MantineProvider } from '@mantine/core'
import { render, type RenderResult } from '@testing-library/react'
import { createInstance, type i18n } from 'i18next'
import type { ReactElement } from 'react'
import { I18nextProvider } from 'react-i18next'

import type { Language } from '@promptly/core/web/languages'

import { theme } from '../../app/theme.ts'
import { textsBackend } from '../../i18n/texts-backend.ts'

/**
 * A page in a language other than the tests' English, with the texts the app ships (loaded through
 * the same chunks). Its own instance, not bound to react-i18next globally, so other test files
 * sharing the worker keep theirs.
 */
export async function renderInLanguage(ui: ReactElement, language: Language): Promise<RenderResult & { i18n: i18n }> {
  const instance = createInstance()
  await instance.use(textsBackend).init({
    lng: language,
    fallbackLng: false,
    ns: ['translation', 'info'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
  })
  const result = render(
    <I18nextProvider i18n={instance}>
      <MantineProvider theme={theme} env="test">
        {ui}
      </MantineProvider>
    </I18nextProvider>,
  )
  return { ...result, i18n: instance }
}
