import type { TFunction } from 'i18next'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

export const SITE_NAME = 'Promptly'

/** The document title of a page: the one the server renders and the one set on navigation agree. */
export function documentTitle(title: string, t: TFunction): string {
  return title ? `${title} | ${SITE_NAME}` : t('common.siteTitle')
}

/** Sets the document title (read first by screen readers on navigation), in the page's language. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation()
  const fullTitle = documentTitle(title, t)
  useEffect(() => {
    document.title = fullTitle
  }, [fullTitle])
}
