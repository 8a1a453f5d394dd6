import { useTranslation } from 'react-i18next'

import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'
import { SITE } from '../../layout/site.ts'

export function SecureTransactionPage() {
  const { t } = useTranslation('info')
  return (
    <StaticPage title={t('transaction.title')}>
      <Section title={t('transaction.cards.title')}>
        <Paragraph>{t('transaction.cards.body')}</Paragraph>
      </Section>
      <Section title={t('transaction.protection.title')}>
        <Paragraph>{t('transaction.protection.body')}</Paragraph>
      </Section>
      <Section title={t('transaction.records.title')}>
        <Paragraph>{t('transaction.records.body', { email: SITE.contact.email })}</Paragraph>
      </Section>
    </StaticPage>
  )
}
