import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core'

import { copyText } from '../../../generator/copy-text.ts'

export interface CreatedApiKey {
  key: string
  apiKey: { name: string }
}

/**
 * The key just created, the only time it is ever shown: in a read-only field with Copy, and a
 * warning that it cannot be seen again. Done hides it for good.
 */
export function NewApiKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <Alert color="violet" variant="light" title={`Your new key “${created.apiKey.name}”`} data-testid="new-api-key">
      <Stack gap="sm">
        <TextInput
          label="API key"
          value={created.key}
          readOnly
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Text size="sm">
          <strong>Copy it now: it will not be shown again.</strong> Keep it secret: anyone with the key can use your
          account within its scopes.
        </Text>
        <Group>
          <Button variant="light" onClick={() => void copyText(created.key)}>
            Copy key
          </Button>
          <Button variant="default" onClick={onDone}>
            Done
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
