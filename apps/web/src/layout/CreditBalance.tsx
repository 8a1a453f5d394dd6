import { Button } from '@mantine/core'
import IconCoins from '@tabler/icons-react/dist/esm/icons/IconCoins.mjs'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import { useFormat } from '../i18n/useFormat.ts'
import { useTRPC } from '../trpc/client.ts'

/**
 * The signed-in user's credits in the header, linking to the plans. Shares `credits.limits` with the
 * profile and the generator, which update it after each run. Loaded lazily with the signed-in controls.
 */
export default function CreditBalance() {
  const { t } = useTranslation()
  const format = useFormat()
  const trpc = useTRPC()
  const limits = useQuery(trpc.credits.limits.queryOptions())
  if (!limits.data) return null
  const left = limits.data.current_limit
  const shown = format.number(left)
  return (
    <Button
      component={Link}
      to="/plan"
      variant="subtle"
      size="sm"
      visibleFrom="xs"
      leftSection={<IconCoins size={16} aria-hidden />}
      // The visible number starts the name, so voice users can say what they see.
      aria-label={t('layout.account.creditsLeft', { count: left, credits: shown })}
      data-testid="nav-credits"
    >
      {shown}
    </Button>
  )
}
