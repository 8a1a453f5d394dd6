import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import type { HistoryItem } from '@promptly/api/generation/history.schema'

import { useFormat } from '../i18n/useFormat.ts'

/**
 * How a history entry's time and cost read, in the page's language. The cost is what it finally
 * cost (the ledger's charge less any refund), never the amount held while it ran: a refunded
 * entry reads '0 credits (refunded)'.
 */
export function useHistoryFormat() {
  const { t } = useTranslation('generator')
  const format = useFormat()
  return useMemo(() => {
    const credits = (count: number) => t('history.item.credits', { count, credits: format.number(count) })
    return {
      createdAt: (date: Date) => format.dateTime(date),
      cost: ({ charged, credits: held }: Pick<HistoryItem, 'charged' | 'credits'>) =>
        charged < held ? t('history.item.refunded', { cost: credits(charged) }) : credits(charged),
    }
  }, [t, format])
}
