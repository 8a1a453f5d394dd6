import { Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'

import { API_KEY_SCOPES, type ApiKeyScope } from '@promptly/api/api-keys/api-key-scope'

import type { CreatedApiKey } from './NewApiKeyPanel.tsx'
import { useCreateApiKey } from './useApiKeys.ts'

const NAME_MAX = 60

const SCOPE_TEXTS = {
  read: { label: 'profile.createKey.readLabel', description: 'profile.createKey.readHint' },
  generate: { label: 'profile.createKey.generateLabel', description: 'profile.createKey.generateHint' },
} as const satisfies Record<ApiKeyScope, { label: string; description: string }>

/** Name and scopes (read by default) for a new key; the created key goes to `onCreated`, once. */
export function CreateApiKeyForm({ onCreated }: { onCreated: (created: CreatedApiKey) => void }) {
  const { t } = useTranslation('account')
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['read'])
  const [problem, setProblem] = useState('')
  const create = useCreateApiKey()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (trimmed === '') return setProblem(t('profile.createKey.nameMissing'))
    if (scopes.length === 0) return setProblem(t('profile.createKey.scopeMissing'))
    setProblem('')
    create.mutate(
      { name: trimmed, scopes },
      {
        onSuccess: (created) => {
          setName('')
          setScopes(['read'])
          onCreated(created)
        },
        onError: (error) => setProblem(error.message || t('profile.createKey.failed')),
      },
    )
  }

  return (
    <form onSubmit={submit} aria-labelledby="create-api-key-heading" noValidate>
      <Stack gap="sm">
        <Text fw={600} id="create-api-key-heading">
          {t('profile.createKey.heading')}
        </Text>
        <TextInput
          label={t('profile.createKey.name')}
          description={t('profile.createKey.nameHint')}
          value={name}
          maxLength={NAME_MAX}
          onChange={(event) => setName(event.currentTarget.value)}
        />
        <Checkbox.Group
          label={t('profile.createKey.scopes')}
          value={scopes}
          onChange={(value) => setScopes(value as ApiKeyScope[])}
        >
          <Stack gap="xs" mt="xs">
            {API_KEY_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={t(SCOPE_TEXTS[scope].label)}
                description={t(SCOPE_TEXTS[scope].description)}
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
            {t('profile.createKey.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
