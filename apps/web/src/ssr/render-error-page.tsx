import { DirectionProvider, MantineProvider } from '@mantine/core'
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'

import { directionOf } from '@promptly/core/web/languages'
import type { RenderedErrorPage, RenderErrorPageInput } from '@promptly/core/web/page-renderer'

import { theme } from '../app/theme.ts'
import { ErrorScreen } from '../errors/ErrorScreen.tsx'
import { createI18n } from '../i18n/create-i18n.ts'
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from '../theme/color-scheme.ts'

/**
 * The app's error screen on its own, for a request no route can take (an address with a broken
 * `%` escape, which the router cannot even read). Static: no router, no data and no script, so
 * nothing in the browser re-reads the address; the home link is a plain link. The words are the
 * app's own texts, never the address itself.
 */
export async function renderErrorPage({ problem, language }: RenderErrorPageInput): Promise<RenderedErrorPage> {
  const i18n = await createI18n(language)
  const title = i18n.t('common.errors.title')
  const body = renderToString(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <DirectionProvider initialDirection={directionOf(language)} detectDirection={false}>
          <MantineProvider
            theme={theme}
            colorSchemeManager={colorSchemeManager}
            defaultColorScheme={DEFAULT_COLOR_SCHEME}
          >
            <main>
              <ErrorScreen error={new Error(i18n.t(`common.errors.${problem}`))} showStack={false} />
            </main>
          </MantineProvider>
        </DirectionProvider>
      </I18nextProvider>
    </StrictMode>,
  )
  const fullTitle = `${title} | ${i18n.t('common.siteTitle')}`
  return { head: `<title>${escapeText(fullTitle)}</title><meta name="robots" content="noindex">`, body }
}

function escapeText(value: string): string {
  return value.replace(/[&<>]/g, (char) => `&#${char.charCodeAt(0)};`)
}
