import { useEffect } from 'react'

export const SITE_NAME = 'Promptly'
const DEFAULT_TITLE = 'Promptly: AI generator tools'

/** The document title of a page: the one the server renders and the one set on navigation agree. */
export function documentTitle(title: string): string {
  return title ? `${title} | ${SITE_NAME}` : DEFAULT_TITLE
}

/** Sets the document title (read first by screen readers on navigation). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
