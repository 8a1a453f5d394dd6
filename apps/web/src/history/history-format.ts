import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import { useFormat } from '../i18n/useFormat.ts'

/** How a history entry's time and cost read, in the page's language. */
export function useHistoryFormat() {
  const { t } = useTranslation()
  const format = useFormat()
  return useMemo(
    () => ({
      createdAt: (date: Date) => format.dateTime(date),
      credits: (credits: number) => t('history.item.credits', { count: credits, credits: format.number(credits) }),
    }),
    [t, format],
  )
}
