import { Badge, Button, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { ApiKeyView } from '@promptly/api/api-keys/api-key.schema'

import { LoadFailedNote } from '../../../components/LoadFailedNote.tsx'
import { useFormat } from '../../../i18n/useFormat.ts'
import { ProfileTable } from '../ProfileTable.tsx'
import { displayedPrefix } from './api-key-format.ts'
import { RevokeApiKeyModal } from './RevokeApiKeyModal.tsx'
import { useApiKeyList, useRevokeApiKey } from './useApiKeys.ts'

/** The header row; the actions column is named for screen readers only. */
function ApiKeyHead() {
  const { t } = useTranslation('account')
  return (
    <>
      <Table.Th>{t('profile.apiKeys.name')}</Table.Th>
      <Table.Th>{t('profile.apiKeys.key')}</Table.Th>
      <Table.Th>{t('profile.apiKeys.scopes')}</Table.Th>
      <Table.Th>{t('profile.apiKeys.created')}</Table.Th>
      <Table.Th>{t('profile.apiKeys.lastUsed')}</Table.Th>
      <Table.Th>
        <VisuallyHidden>{t('profile.apiKeys.actions')}</VisuallyHidden>
      </Table.Th>
    </>
  )
}

/** The caller's active keys: name, prefix…, scopes, created, last used, and Revoke (after a confirmation). */
export function ApiKeyList() {
  const { t } = useTranslation('account')
  const { dateTime } = useFormat()
  const keyDate = (date: Date | null) => (date ? dateTime(date) : t('profile.apiKeys.never'))
  const keys = useApiKeyList()
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null)
  const revoke = useRevokeApiKey(() => setRevoking(null))

  if (keys.isPending) {
    return <Skeleton height={72} radius="md" aria-label={t('profile.apiKeys.loading')} role="status" />
  }
  if (keys.isError) {
    return <LoadFailedNote message={t('profile.apiKeys.loadFailed')} onRetry={() => void keys.refetch()} />
  }
  if (keys.data.length === 0) return <Text c="dimmed">{t('profile.apiKeys.empty')}</Text>

  return (
    <>
      <ProfileTable label={t('profile.apiKeys.label')} testId="api-key-list" head={<ApiKeyHead />}>
        {keys.data.map((key) => (
          <Table.Tr key={key.id}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{key.name}</Table.Td>
            <Table.Td>
              <Text component="code" size="sm" ff="monospace">
                {displayedPrefix(key.prefix)}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                {key.scopes.map((scope) => (
                  <Badge key={scope} variant="light" color={scope === 'generate' ? 'grape' : 'gray'}>
                    {scope}
                  </Badge>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td>{keyDate(key.createdAt)}</Table.Td>
            <Table.Td>{keyDate(key.lastUsedAt)}</Table.Td>
            <Table.Td>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => setRevoking(key)}
                aria-label={t('profile.apiKeys.revokeLabel', { name: key.name })}
              >
                {t('profile.apiKeys.revoke')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </ProfileTable>
      <RevokeApiKeyModal
        keyName={revoking?.name ?? null}
        revoking={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ id: revoking.id })}
        onCancel={() => setRevoking(null)}
      />
    </>
  )
}
