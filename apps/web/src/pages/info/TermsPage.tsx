import { useTranslation } from 'react-i18next'

import type { SiteDetails } from '@promptly/api/system/public-config.schema'

import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'

/** Without COMPANY_NAME or SUPPORT_EMAIL the sentences that would name them are worded without them. */
export function TermsPage({ site }: { site: SiteDetails }) {
  const { t } = useTranslation('info')
  const company = site.companyName
  const email = site.supportEmail
  return (
    <StaticPage title={t('terms.title')} lead={company ? t('terms.lead', { company }) : t('terms.leadUnnamed')}>
      <Section title={t('terms.using.title')}>
        <Paragraph>{t('terms.using.body')}</Paragraph>
      </Section>
      <Section title={t('terms.content.title')}>
        <Paragraph>{t('terms.content.body')}</Paragraph>
      </Section>
      <Section title={t('terms.acceptableUse.title')}>
        <Paragraph>
          {company ? t('terms.acceptableUse.body', { company }) : t('terms.acceptableUse.bodyUnnamed')}
        </Paragraph>
      </Section>
      <Section title={t('terms.payments.title')}>
        <Paragraph>{t('terms.payments.body')}</Paragraph>
      </Section>
      <Section title={t('terms.liability.title')}>
        <Paragraph>{company ? t('terms.liability.body', { company }) : t('terms.liability.bodyUnnamed')}</Paragraph>
      </Section>
      <Section title={t('terms.contact.title')}>
        <Paragraph>{email ? t('terms.contact.body', { email }) : t('terms.contact.bodyNoEmail')}</Paragraph>
      </Section>
    </StaticPage>
  )
}
