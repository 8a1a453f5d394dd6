import { useTranslation } from 'react-i18next'

import classes from './layout.module.css'

export const MAIN_CONTENT_ID = 'main-content'

/** First focusable element of every page: jumps keyboard users past the navigation bar. */
export function SkipLink() {
  const { t } = useTranslation()
  return (
    <a className={classes.skipLink} href={`#${MAIN_CONTENT_ID}`}>
      {t('layout.skipToContent')}
    </a>
  )
}
