import { Button, Stack, Text, Title } from '@mantine/core'
import { Trans, useTranslation } from 'react-i18next'

import type { SignUpAnswer } from '@promptly/core/identity/local-account-flows'

import type { IdentityStatus } from '../../identity/identity-context.ts'

interface CheckInboxPanelProps {
  sent: SignUpAnswer
  /** Signed in by the sign-up (a new address): the visitor may browse on while the mail waits. */
  session: IdentityStatus
  onContinue: () => void
  onBackToSignIn: () => void
}

/**
 * Shown after a sign-up, whatever the address: the server answers a new and a known address alike
 * (the mail to a known one says so), so this page never tells a stranger which addresses have accounts.
 */
export function CheckInboxPanel({ sent, session, onContinue, onBackToSignIn }: CheckInboxPanelProps) {
  const { t } = useTranslation()
  return (
    <Stack gap="md">
      <Stack gap="xs" role="status" aria-labelledby="check-inbox-heading">
        <Title order={2} size="h3" id="check-inbox-heading">
          {t('identity.checkInbox.title')}
        </Title>
        <Text>
          <Trans
            i18nKey="identity.checkInbox.sentTo"
            values={{ email: sent.email }}
            components={{ email: <strong style={{ overflowWrap: 'anywhere' }} /> }}
          />
        </Text>
      </Stack>
      {session === 'signed-in' && <Button onClick={onContinue}>{t('identity.checkInbox.continue')}</Button>}
      {session === 'signed-out' && (
        <Button variant="default" onClick={onBackToSignIn}>
          {t('identity.checkInbox.backToSignIn')}
        </Button>
      )}
    </Stack>
  )
}
