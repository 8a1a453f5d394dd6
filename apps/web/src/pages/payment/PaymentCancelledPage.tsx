import { Button, Group, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { StaticPage } from '../../components/StaticPage.tsx'

/** Where the payment provider returns when checkout is cancelled or fails. */
export function PaymentCancelledPage() {
  const { t } = useTranslation()
  return (
    <StaticPage title={t('plan.cancelled.title')}>
      <Text>{t('plan.cancelled.notCharged')}</Text>
      <Group>
        <Button component={Link} to="/plan">
          {t('plan.cancelled.backToPlans')}
        </Button>
        <Button component={Link} to="/contact" variant="default">
          {t('plan.cancelled.contactUs')}
        </Button>
      </Group>
    </StaticPage>
  )
}
