import { Center, Loader, VisuallyHidden } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** Shown while something the page depends on (usually the identity state) is loading. */
export function CenteredLoader({ label }: { label?: string }) {
  const { t } = useTranslation()
  return (
    <Center mih="50vh" role="status" aria-live="polite" data-testid="page-loader">
      <Loader aria-hidden="true" />
      <VisuallyHidden>{label ?? t('common.loading')}</VisuallyHidden>
    </Center>
  )
}
