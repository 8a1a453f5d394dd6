import { Badge, Button, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core'
import { useState } from 'react'

import type { ApiKeyView } from '@promptly/api/api-keys/api-key.schema'

import { LoadFailedNote } from '../../../components/LoadFailedNote.tsx'
import { ProfileTable } from '../ProfileTable.tsx'
import { displayedPrefix, formatKeyDate } from './api-key-format.ts'
import { RevokeApiKeyModal } from './RevokeApiKeyModal.tsx'
import { useApiKeyList, useRevokeApiKey } from './useApiKeys.ts'

/** The header row; the actions column is named for screen readers only. */
const API_KEY_HEAD = (
  <>
    <Table.Th>Name</Table.Th>
    <Table.Th>Key</Table.Th>
    <Table.Th>Scopes</Table.Th>
    <Table.Th>Created</Table.Th>
    <Table.Th>Last used</Table.Th>
    <Table.Th>
      <VisuallyHidden>Actions</VisuallyHidden>
    </Table.Th>
  </>
)

/** The caller's active keys: name, prefix…, scopes, created, last used, and Revoke (after a confirmation). */
export function ApiKeyList() {
  const keys = useApiKeyList()
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null)
  const revoke = useRevokeApiKey(() => setRevoking(null))

  if (keys.isPending) {
    return <Skeleton height={72} radius="md" aria-label="Loading your API keys" role="status" />
  }
  if (keys.isError) {
    return <LoadFailedNote message="Your API keys could not be loaded." onRetry={() => void keys.refetch()} />
  }
  if (keys.data.length === 0) return <Text c="dimmed">You have no API keys.</Text>

  return (
    <>
      <ProfileTable label="Your API keys" testId="api-key-list" head={API_KEY_HEAD}>
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
            <Table.Td>{formatKeyDate(key.createdAt)}</Table.Td>
            <Table.Td>{formatKeyDate(key.lastUsedAt)}</Table.Td>
            <Table.Td>
              <Button
                variant="subtle"
                color="red"
                size="xs"
                onClick={() => setRevoking(key)}
                aria-label={`Revoke ${key.name}`}
              >
                Revoke
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
