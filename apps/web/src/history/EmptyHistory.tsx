import { Anchor, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { Trans, useTranslation } from 'react-i18next'

/** What /history says when it lists nothing: no match for the search, or no generation yet (with a way to one). */
export function EmptyHistory({ search }: { search: string }) {
  const { t } = useTranslation('generator')
  if (search) return <Text c="dimmed">{t('history.noMatch', { search })}</Text>
  return (
    <Text c="dimmed">
      <Trans
        t={t}
        i18nKey="history.empty"
        components={{ anchor: <Anchor component={Link} to="/" underline="always" /> }}
      />
    </Text>
  )
}
