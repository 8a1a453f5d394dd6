import { DirectionProvider, MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { useMemo, type ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'

import { directionOf, isLanguage } from '@promptly/core/web/languages'

import { Toaster } from '../components/Toaster.tsx'
import type { I18n } from '../i18n/create-i18n.ts'
import { SharedTranslationProvider, useSharedTranslation } from '../i18n/shared-translation.tsx'
import { IdentityProvider } from '../identity/IdentityProvider.tsx'
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from '../theme/color-scheme.ts'
import { TRPCProvider, type ApiClient } from '../trpc/client.ts'
import { themeWithLabels } from './theme.ts'

interface AppProvidersProps {
  queryClient: QueryClient
  trpcClient: ApiClient
  /** The page's texts, in the language it is shown in. */
  i18n: I18n
  /** Client-side navigation by URL, for identity widgets that redirect. */
  navigate: (to: string, options?: { replace?: boolean }) => void
  children: ReactNode
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test'
}

/** Texts and writing direction, theme and colour scheme, toasts, data cache, typed API client, identity. */
export function AppProviders({
  queryClient,
  trpcClient,
  i18n,
  navigate,
  children,
  env = 'default',
}: AppProvidersProps) {
  const language = i18n.language
  return (
    <I18nextProvider i18n={i18n}>
      <DirectionProvider
        initialDirection={isLanguage(language) ? directionOf(language) : 'ltr'}
        detectDirection={false}
      >
        <SharedTranslationProvider>
          <ThemeProvider env={env}>
            <Toaster navigate={navigate} />
            <QueryClientProvider client={queryClient}>
              <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
                <IdentityProvider navigate={navigate}>{children}</IdentityProvider>
              </TRPCProvider>
            </QueryClientProvider>
          </ThemeProvider>
        </SharedTranslationProvider>
      </DirectionProvider>
    </I18nextProvider>
  )
}

/** Mantine with the app theme, its labels in the page's language (rebuilt when the language changes). */
function ThemeProvider({ env, children }: { env: AppProvidersProps['env']; children: ReactNode }) {
  const { t } = useSharedTranslation()
  const close = t('common.close')
  const theme = useMemo(() => themeWithLabels({ close }), [close])
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      env={env}
    >
      {children}
    </MantineProvider>
  )
}
