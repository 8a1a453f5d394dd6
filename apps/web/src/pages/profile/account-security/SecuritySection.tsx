import { Divider, Stack, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { HeadedSection } from '../../../components/HeadedSection.tsx'
import { useIdentity } from '../../../identity/identity-context.ts'
import { ChangePasswordForm } from './ChangePasswordForm.tsx'
import { SessionList } from './SessionList.tsx'
import { SignOutEverywhere } from './SignOutEverywhere.tsx'

/** Password and sessions of a local account. With Clerk, Clerk's own account pages do this. */
export function SecuritySection() {
  const { t } = useTranslation('account')
  const { provider } = useIdentity()
  if (provider !== 'local') return null
  return (
    <HeadedSection card id="security" title={t('profile.security.heading')} gap="lg">
      <ChangePasswordForm />
      <Divider />
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('profile.security.signedInWhere')}
        </Title>
        <SessionList />
        <SignOutEverywhere />
      </Stack>
    </HeadedSection>
  )
}
