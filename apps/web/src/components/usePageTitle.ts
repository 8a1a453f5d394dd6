import { useEffect } from 'react'

/** Sets the document title (read first by screen readers on navigation). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | Promptly` : 'Promptly: AI generator tools'
  }, [title])
}
