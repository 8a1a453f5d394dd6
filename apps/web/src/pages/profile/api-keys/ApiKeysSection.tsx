import { Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { SectionCard } from '../../../components/SectionCard.tsx'
import { ApiKeyList } from './ApiKeyList.tsx'
import { CreateApiKeyForm } from './CreateApiKeyForm.tsx'
import { NewApiKeyPanel, type CreatedApiKey } from './NewApiKeyPanel.tsx'

/**
 * Personal API keys for scripts: create one (shown once), see the active ones, revoke one. The keys
 * authenticate REST calls (`Authorization: Bearer prly_...` on /api/v1 and /api/v2), never this site.
 */
export function ApiKeysSection() {
  const { t } = useTranslation('account')
  const [created, setCreated] = useState<CreatedApiKey | null>(null)
  return (
    <SectionCard aria-labelledby="api-keys-heading">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3" id="api-keys-heading">
            {t('profile.apiKeys.heading')}
          </Title>
          <Text c="dimmed" size="sm">
            <Trans t={t} i18nKey="profile.apiKeys.intro" components={{ code: <AuthorizationHeader /> }} />
          </Text>
        </Stack>
        {created && <NewApiKeyPanel created={created} onDone={() => setCreated(null)} />}
        <CreateApiKeyForm onCreated={setCreated} />
        <ApiKeyList />
      </Stack>
    </SectionCard>
  )
}

/** The header a script sends, the same in every language (the sentence around it is translated). */
function AuthorizationHeader() {
  return (
    <Text component="code" size="sm" ff="monospace">
      Authorization: Bearer &lt;key&gt;
    </Text>
  )
}
