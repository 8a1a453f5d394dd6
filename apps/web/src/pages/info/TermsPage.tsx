import { useTranslation } from 'react-i18next'

import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'
import { SITE } from '../../layout/site.ts'

export function TermsPage() {
  const { t } = useTranslation('info')
  const company = SITE.legalEntity
  return (
    <StaticPage title={t('terms.title')} lead={t('terms.lead', { company })}>
      <Section title={t('terms.using.title')}>
        <Paragraph>{t('terms.using.body')}</Paragraph>
      </Section>
      <Section title={t('terms.content.title')}>
        <Paragraph>{t('terms.content.body')}</Paragraph>
      </Section>
      <Section title={t('terms.acceptableUse.title')}>
        <Paragraph>{t('terms.acceptableUse.body', { company })}</Paragraph>
      </Section>
      <Section title={t('terms.payments.title')}>
        <Paragraph>{t('terms.payments.body')}</Paragraph>
      </Section>
      <Section title={t('terms.liability.title')}>
        <Paragraph>{t('terms.liability.body', { company })}</Paragraph>
      </Section>
      <Section title={t('terms.contact.title')}>
        <Paragraph>{t('terms.contact.body', { email: SITE.contact.email })}</Paragraph>
      </Section>
    </StaticPage>
  )
}
