import { Container, Group, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { FOOTER_COLUMNS } from './footer-links.ts'
import { FooterIntro } from './FooterIntro.tsx'
import { FooterLinkColumn } from './FooterLinkColumn.tsx'
import classes from './layout.module.css'

/** Footer on every page (spec: logo with name, tagline, credit link, 2024 copyright, links). */
export function SiteFooter() {
  const { t } = useTranslation()
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.footerGrid}>
          <FooterIntro />
          {FOOTER_COLUMNS.map(([heading, links]) => (
            <FooterLinkColumn key={heading} heading={heading} links={links} />
          ))}
        </div>
        <Group justify="center" mt="xl">
          <Text size="xs" c="dimmed">
            {t('layout.footer.copyright')}
          </Text>
        </Group>
      </Container>
    </footer>
  )
}
