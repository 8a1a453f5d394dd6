import { Anchor } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * Outside production the server stores mail in an outbox instead of sending it, and names the
 * page that shows a message: this link opens it, so a developer is never stuck waiting for mail.
 */
export function DevOutboxLink({ url }: { url: string | undefined }) {
  const { t } = useTranslation()
  if (!url) return null
  return (
    <Anchor href={url} target="_blank" rel="noopener" underline="always">
      {t('identity.devOutboxLink')}
    </Anchor>
  )
}
