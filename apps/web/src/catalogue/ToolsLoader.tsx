import { Center, Loader, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/**
 * The catalogue's spinner, with a name for screen readers ("Loading SEO Tools"). The status role
 * makes it a polite live region already.
 */
export function ToolsLoader({ label: given }: { label?: string }) {
  const { t } = useTranslation()
  const label = given ?? t('catalogue.loading.tools')
  return (
    <Center py={64} role="status" aria-label={label} mih={200} data-testid="tools-loader">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  )
}
