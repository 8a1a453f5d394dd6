import { Badge } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * Says the text comes from the built-in local model (no AI provider configured): an honest,
 * deterministic composer, not a language model.
 */
export function LocalModelBadge() {
  const { t } = useTranslation()
  return (
    <Badge variant="light" color="gray" radius="sm" title={t('generator.localModel.description')}>
      {t('generator.localModel.label')}
    </Badge>
  )
}
