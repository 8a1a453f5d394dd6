import { Group, Text } from '@mantine/core'
import IconInfoCircle from '@tabler/icons-react/dist/esm/icons/IconInfoCircle.mjs'
import { useTranslation } from 'react-i18next'

/**
 * Says the text comes from the built-in local model (no AI provider configured): an honest,
 * deterministic composer, not a language model. A quiet note under the result, with its
 * explanation in words: beside the tool's title, a badge read as a debug label.
 */
export function LocalModelBadge() {
  const { t } = useTranslation('generator')
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" c="dimmed" data-testid="local-model-note">
      <IconInfoCircle size={16} aria-hidden style={{ flex: 'none', marginBlockStart: 2 }} />
      <Text size="xs" c="dimmed">
        <Text span inherit fw={600}>
          {t('generator.localModel.label')}
        </Text>
        {' · '}
        {t('generator.localModel.description')}
      </Text>
    </Group>
  )
}
