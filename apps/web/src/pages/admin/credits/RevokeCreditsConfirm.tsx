import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import type { Ref } from 'react'
import { Trans } from 'react-i18next'

import { formatCredits } from '../admin-format.ts'
import type { AdminUser } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'
import type { RevokeCreditsForm } from './credit-forms.ts'
import type { useRevokeCredits } from './useCreditChanges.ts'

interface RevokeCreditsConfirmProps {
  user: AdminUser
  /** What the first step asked for. */
  request: RevokeCreditsForm
  revoke: ReturnType<typeof useRevokeCredits>
  backButtonRef: Ref<HTMLButtonElement>
  onBack: () => void
}

/** The revoke's second step: what will happen to the balance, then Back or the revoke itself. */
export function RevokeCreditsConfirm({ user, request, revoke, backButtonRef, onBack }: RevokeCreditsConfirmProps) {
  const text = useAdminText()
  const { t } = text
  // The balance may hold fewer than asked: the server then takes what there is, never below zero.
  const taken = Math.min(request.credits, user.current_limit)
  return (
    <Stack gap="md">
      <Text size="sm">
        <Trans
          t={t}
          i18nKey="admin.credits.revoke.confirm"
          values={{
            taken: formatCredits(text, taken),
            name: user.name,
            left: formatCredits(text, user.current_limit - taken),
          }}
          components={{ strong: <strong /> }}
        />
      </Text>
      {revoke.isError && (
        <Alert color="red" title={t('admin.credits.revoke.failed')} role="alert">
          {revoke.error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} ref={backButtonRef}>
          {t('admin.credits.revoke.back')}
        </Button>
        {/* red 9: white on it is 5.5:1 (red 6 is 3.8:1, under WCAG AA) */}
        <Button
          color="red.9"
          loading={revoke.isPending}
          onClick={() => revoke.mutate({ userId: user._id, ...request })}
        >
          {t('admin.credits.revoke.submit', { taken: formatCredits(text, taken) })}
        </Button>
      </Group>
    </Stack>
  )
}
