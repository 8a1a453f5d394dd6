import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import { useFormat, type Formats } from '../../i18n/useFormat.ts'

/**
 * The console's texts and formats in the page's language, together: helpers outside components
 * (form rules, audit lines, chart summaries) take this, since they build sentences from both.
 */
export interface AdminText {
  t: TFunction<'admin'>
  format: Formats
}

export function useAdminText(): AdminText {
  const { t } = useTranslation('admin')
  const format = useFormat()
  return useMemo(() => ({ t, format }), [t, format])
}
