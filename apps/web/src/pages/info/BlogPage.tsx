import { useTranslation } from 'react-i18next'

import { Paragraph, StaticPage } from '../../components/StaticPage.tsx'

export function BlogPage() {
  const { t } = useTranslation('info')
  return (
    <StaticPage title={t('blog.title')}>
      <Paragraph>{t('blog.intro')}</Paragraph>
      <Paragraph>{t('blog.comingSoon')}</Paragraph>
    </StaticPage>
  )
}
