import { useTranslation } from 'react-i18next'

import type { SiteDetails } from '@promptly/api/system/public-config.schema'

import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'

export function SecureTransactionPage({ site }: { site: SiteDetails }) {
  const { t } = useTranslation('info')
  const email = site.supportEmail
  return (
    <StaticPage title={t('transaction.title')}>
      <Section title={t('transaction.cards.title')}>
        <Paragraph>{t('transaction.cards.body')}</Paragraph>
      </Section>
      <Section title={t('transaction.protection.title')}>
        <Paragraph>{t('transaction.protection.body')}</Paragraph>
      </Section>
      <Section title={t('transaction.records.title')}>
        <Paragraph>{email ? t('transaction.records.body', { email }) : t('transaction.records.bodyNoEmail')}</Paragraph>
      </Section>
    </StaticPage>
  )
}
