import { MantineProvider } from '@mantine/core'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement, ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'

import type { Viewer } from '@promptly/core/identity/user'

import { theme } from '../app/theme.ts'
import { testI18n } from '../i18n/testing.ts'
import { LOADING_IDENTITY, type Identity } from '../identity/identity-context.ts'
import { ProvideIdentity } from '../identity/ProvideIdentity.tsx'
import { colorSchemeManager, DEFAULT_COLOR_SCHEME } from '../theme/color-scheme.ts'

export const ADA: Viewer = {
  id: 'u_ada',
  clerkId: 'local_ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  imageUrl: '',
  role: 'user',
  isAdmin: false,
  plan: 'free',
  trialEndsAt: null,
  emailVerified: true,
}

export function identityOf(overrides: Partial<Identity>): Identity {
  const user = overrides.user ?? null
  return {
    ...LOADING_IDENTITY,
    provider: 'local',
    status: user ? 'signed-in' : 'signed-out',
    ...overrides,
  }
}

export function TestProviders({ identity = LOADING_IDENTITY, children }: { identity?: Identity; children: ReactNode }) {
  return (
    <I18nextProvider i18n={testI18n}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme={DEFAULT_COLOR_SCHEME}
        env="test"
      >
        <ProvideIdentity value={identity}>{children}</ProvideIdentity>
      </MantineProvider>
    </I18nextProvider>
  )
}

export function renderWithProviders(ui: ReactElement, options: { identity?: Identity } = {}): RenderResult {
  return render(ui, {
    wrapper: ({ children }) => <TestProviders identity={options.identity}>{children}</TestProviders>,
  })
}
