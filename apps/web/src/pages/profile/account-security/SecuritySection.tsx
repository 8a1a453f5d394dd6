import { Divider, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { SectionCard } from '../../../components/SectionCard.tsx'
import { useIdentity } from '../../../identity/identity-context.ts'
import { ChangePasswordForm } from './ChangePasswordForm.tsx'
import { SessionList } from './SessionList.tsx'
import { SignOutEverywhere } from './SignOutEverywhere.tsx'

/** Password and sessions of a local account. With Clerk, Clerk's own account pages do this. */
export function SecuritySection() {
  const { t } = useTranslation()
  const { provider } = useIdentity()
  if (provider !== 'local') return null
  return (
    <SectionCard aria-labelledby="security-heading">
      <Stack gap="lg">
        <Title order={2} size="h3" id="security-heading">
          {t('profile.security.heading')}
        </Title>
        <ChangePasswordForm />
        <Divider />
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('profile.security.signedInWhere')}
          </Title>
          <SessionList />
          <SignOutEverywhere />
        </Stack>
      </Stack>
    </SectionCard>
  )
}
