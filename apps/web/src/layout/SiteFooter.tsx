import { Anchor, Container, Group, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'

import { INSTAGRAM_BIO_TOOL_ID, X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'

import { Brand } from './Brand.tsx'
import classes from './layout.module.css'
import { SITE } from './site.ts'

function FooterColumn({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Text component="h2" size="sm" fw={700}>
        {heading}
      </Text>
      <ul className={classes.footerList}>{children}</ul>
    </Stack>
  )
}

/** Footer on every page (spec: logo with name, tagline, credit link, 2024 copyright, links). */
export function SiteFooter() {
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.footerGrid}>
          <Stack gap="sm">
            <Brand />
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
          <nav aria-label="Popular tools">
            <FooterColumn heading="Popular tools">
              <li>
                <Link className={classes.footerLink} to="/generate" search={{ id: X_TWITTER_BIO_TOOL_ID }}>
                  X (Twitter) Bio Generator
                </Link>
              </li>
              <li>
                <Link className={classes.footerLink} to="/generate" search={{ id: INSTAGRAM_BIO_TOOL_ID }}>
                  Instagram Bio Generator
                </Link>
              </li>
              <li>
                <Link className={classes.footerLink} to="/">
                  View All Tools
                </Link>
              </li>
            </FooterColumn>
          </nav>
          <nav aria-label="Company">
            <FooterColumn heading="Company">
              <li>
                <Link className={classes.footerLink} to="/about">
                  About Us
                </Link>
              </li>
              <li>
                <Link className={classes.footerLink} to="/contact">
                  Contact
                </Link>
              </li>
              <li>
                <Link className={classes.footerLink} to="/profile">
                  My Profile
                </Link>
              </li>
              <li>
                <Link className={classes.footerLink} to="/blog">
                  Blog
                </Link>
              </li>
            </FooterColumn>
          </nav>
          <nav aria-label="Legal">
            <FooterColumn heading="Legal">
              <li>
                <Link className={classes.footerLink} to="/terms">
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link className={classes.footerLink} to="/privacy">
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link className={classes.footerLink} to="/transaction">
                  Secure Transaction Policy
                </Link>
              </li>
            </FooterColumn>
          </nav>
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
