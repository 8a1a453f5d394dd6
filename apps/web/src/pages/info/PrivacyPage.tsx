import { useTranslation } from 'react-i18next'

import type { SiteDetails } from '@promptly/api/system/public-config.schema'

import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'

export function PrivacyPage({ site }: { site: SiteDetails }) {
  const { t } = useTranslation('info')
  const { companyName: company, supportEmail: email } = site
  return (
    <StaticPage title={t('privacy.title')} lead={company ? t('privacy.lead', { company }) : t('privacy.leadUnnamed')}>
      <Section title={t('privacy.collect.title')}>
        <Paragraph>{t('privacy.collect.body')}</Paragraph>
      </Section>
      <Section title={t('privacy.use.title')}>
        <Paragraph>{t('privacy.use.body')}</Paragraph>
      </Section>
      <Section title={t('privacy.sharing.title')}>
        <Paragraph>{t('privacy.sharing.body')}</Paragraph>
      </Section>
      <Section title={t('privacy.rights.title')}>
        <Paragraph>{email ? t('privacy.rights.body', { email }) : t('privacy.rights.bodyNoEmail')}</Paragraph>
      </Section>
      <Section title={t('privacy.children.title')}>
        <Paragraph>{t('privacy.children.body')}</Paragraph>
      </Section>
      <Section title={t('privacy.changes.title')}>
        <Paragraph>{t('privacy.changes.body')}</Paragraph>
      </Section>
    </StaticPage>
  )
}
