import { useTranslation } from 'react-i18next'

import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'

export function AboutPage() {
  const { t } = useTranslation('info')
  return (
    <StaticPage title={t('about.title')}>
      <Paragraph>{t('about.intro')}</Paragraph>
      <Section title={t('about.features.title')}>
        <Paragraph>{t('about.features.body')}</Paragraph>
      </Section>
      <Section title={t('about.credits.title')}>
        <Paragraph>{t('about.credits.body')}</Paragraph>
      </Section>
    </StaticPage>
  )
}
