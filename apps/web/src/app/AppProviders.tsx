import { MantineProvider } from '@mantine/core'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'

import { Toaster } from '../components/Toaster.tsx'
import { IdentityProvider } from '../identity/IdentityProvider.tsx'
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from '../theme/color-scheme.ts'
import { TRPCProvider, type ApiClient } from '../trpc/client.ts'
import { theme } from './theme.ts'

interface AppProvidersProps {
  queryClient: QueryClient
  trpcClient: ApiClient
  /** Client-side navigation by URL, for identity widgets that redirect. */
  navigate: (to: string, options?: { replace?: boolean }) => void
  children: ReactNode
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test'
}

/** Theme and colour scheme, toasts, data cache, typed API client, identity. */
export function AppProviders({ queryClient, trpcClient, navigate, children, env = 'default' }: AppProvidersProps) {
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      env={env}
    >
      <Toaster />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          <IdentityProvider navigate={navigate}>{children}</IdentityProvider>
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  )
}
