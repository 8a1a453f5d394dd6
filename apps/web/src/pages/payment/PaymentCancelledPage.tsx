import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { StaticPage } from '../../components/StaticPage.tsx'
import { NextStepLinks } from './NextStepLinks.tsx'

/** Where the payment provider returns when checkout is cancelled or fails. */
export function PaymentCancelledPage() {
  const { t } = useTranslation('account')
  return (
    <StaticPage title={t('plan.cancelled.title')}>
      <Text>{t('plan.cancelled.notCharged')}</Text>
      <NextStepLinks
        main={{ to: '/plan', label: t('plan.cancelled.backToPlans') }}
        other={{ to: '/contact', label: t('plan.cancelled.contactUs') }}
      />
    </StaticPage>
  )
}
