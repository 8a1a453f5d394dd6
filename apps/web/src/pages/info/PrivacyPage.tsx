import { useTranslation } from 'react-i18next'

import { Paragraph, Section, StaticPage } from '../../components/StaticPage.tsx'
import { SITE } from '../../layout/site.ts'

export function PrivacyPage() {
  const { t } = useTranslation('info')
  return (
    <StaticPage title={t('privacy.title')} lead={t('privacy.lead', { company: SITE.legalEntity })}>
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
        <Paragraph>{t('privacy.rights.body', { email: SITE.contact.email })}</Paragraph>
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
