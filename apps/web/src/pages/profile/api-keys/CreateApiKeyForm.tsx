import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'

import { API_KEY_SCOPES, type ApiKeyScope } from '@promptly/api/api-keys/api-key-scope'

import type { CreatedApiKey } from './NewApiKeyPanel.tsx'
import { useCreateApiKey } from './useApiKeys.ts'

const NAME_MAX = 60

const SCOPE_LABELS: Record<ApiKeyScope, { label: string; description: string }> = {
  read: { label: 'Read', description: 'Catalogue, bookmarks, limits and history. Spends no credits.' },
  generate: { label: 'Generate', description: 'Runs generations and the dedicated tools. Spends your credits.' },
}

/** Name and scopes (read by default) for a new key; the created key goes to `onCreated`, once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read'])
  const [problem, setProblem] = useState('')
  const create = useCreateApiKey()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '') return setProblem('Give the key a name')
    if (scopes.length === 0) return setProblem('Choose at least one scope')
    setProblem('')
    create.mutate(
      { name: trimmed, scopes },
      {
        onSuccess: (created) => {
          setName('')
          setScopes(['read'])
          onCreated(created)
        },
        onError: (error) => setProblem(error.message || 'The key could not be created. Please try again.'),
      },
    )
  }

  return (
    <form onSubmit={submit} aria-labelledby="create-api-key-heading" noValidate>
      <Stack gap="sm">
        <Text fw={600} id="create-api-key-heading">
          Create a key
        </Text>
        <TextInput
          label="Key name"
          description="What the key is for, e.g. “Nightly report script”"
          value={name}
          maxLength={NAME_MAX}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Checkbox.Group label="Scopes" value={scopes} onChange={(value) => setScopes(value as ApiKeyScope[])}>
          <Stack gap="xs" mt="xs">
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={SCOPE_LABELS[scope].label}
                description={SCOPE_LABELS[scope].description}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
