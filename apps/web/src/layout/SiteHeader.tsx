import { Container, Group } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import { LanguagePicker } from '../i18n/LanguagePicker.tsx'
import { ColorSchemeToggle } from '../theme/ColorSchemeToggle.tsx'
import { AccountControls } from './AccountControls.tsx'
import { Brand } from './Brand.tsx'
import classes from './layout.module.css'

/** Sticky navigation bar on every page. */
export function SiteHeader() {
  const { t } = useTranslation()
  return (
    <header className={classes.header}>
      <Container size="lg" h="100%">
        <Group component="nav" aria-label={t('layout.mainNavigation')} justify="space-between" h="100%" wrap="nowrap">
          <Brand compactOnPhone />
          <Group gap="sm" wrap="nowrap">
            <LanguagePicker />
            <ColorSchemeToggle />
            <AccountControls />
          </Group>
        </Group>
      </Container>
    </header>
  )
}
