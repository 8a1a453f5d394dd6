import { Anchor, Container, Group, Stack, Text } from '@mantine/core'
import { Link, type LinkProps } from '@tanstack/react-router'

import { INSTAGRAM_BIO_TOOL_ID, X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'

import { LanguagePicker } from '../i18n/LanguagePicker.tsx'
import { Brand } from './Brand.tsx'
import classes from './layout.module.css'
import { SITE } from './site.ts'

/** The footer's link columns by heading (spec: popular tools, company pages, legal pages), each a navigation. */
const COLUMNS: Record<string, (LinkProps & { label: string })[]> = {
  'Popular tools': [
    { label: 'X (Twitter) Bio Generator', to: '/generate', search: { id: X_TWITTER_BIO_TOOL_ID } },
    { label: 'Instagram Bio Generator', to: '/generate', search: { id: INSTAGRAM_BIO_TOOL_ID } },
    { label: 'View All Tools', to: '/' },
  ],
  Company: [
    { label: 'About Us', to: '/about' },
    { label: 'Contact', to: '/contact' },
    { label: 'My Profile', to: '/profile' },
    { label: 'Blog', to: '/blog' },
  ],
  Legal: [
    { label: 'Terms of Service', to: '/terms' },
    { label: 'Privacy Policy', to: '/privacy' },
    { label: 'Secure Transaction Policy', to: '/transaction' },
  ],
}

/** Footer on every page (spec: logo with name, tagline, credit link, 2024 copyright, links). */
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.footerGrid}>
          <Stack gap="sm">
            <Brand />
            {/* The header has the same picker: on small screens the footer leaves it out. */}
            <LanguagePicker className={classes.footerLanguage} />
            <Text size="sm" c="dimmed">
              {SITE.tagline}
            </Text>
            <Text size="sm" c="dimmed">
              Made by{' '}
              <Anchor href={SITE.maker.url} target="_blank" rel="noopener noreferrer" size="sm">
                {SITE.maker.name}
              </Anchor>
            </Text>
          </Stack>
          {Object.entries(COLUMNS).map(([heading, links]) => (
            <nav key={heading} aria-label={heading}>
              <Stack gap="xs">
                <Text component="h2" size="sm" fw={700}>
                  {heading}
                </Text>
                <ul className={classes.footerList}>
                  {links.map(({ label, ...link }) => (
                    <li key={label}>
                      <Link className={classes.footerLink} {...link}>
                        {label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </Stack>
            </nav>
          ))}
        </div>
        <Group justify="center" mt="xl">
          <Text size="xs" c="dimmed">
            {SITE.copyright}
          </Text>
        </Group>
      </Container>
    </footer>
  )
}
