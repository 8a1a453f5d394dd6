import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { Trans, useTranslation } from 'react-i18next'

import { useCopyText } from '../../../generator/copy-text.ts'

export interface CreatedApiKey {
  key: string
  apiKey: { name: string }
}

/**
 * The key just created, the only time it is ever shown: in a read-only field with Copy, and a
 * warning that it cannot be seen again. Done hides it for good.
 */
export function NewApiKeyPanel({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation('account')
  const copyText = useCopyText()
  return (
    <Alert
      color="violet"
      variant="light"
      title={t('profile.newKey.title', { name: created.apiKey.name })}
      data-testid="new-api-key"
    >
      <Stack gap="sm">
        <TextInput
          label={t('profile.newKey.field')}
          value={created.key}
          readOnly
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Text size="sm">
          <Trans t={t} i18nKey="profile.newKey.warning" components={{ strong: <strong /> }} />
        </Text>
        <Group>
          <Button variant="light" onClick={() => void copyText(created.key)}>
            {t('profile.newKey.copy')}
          </Button>
          <Button variant="default" onClick={onDone}>
            {t('profile.newKey.done')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
