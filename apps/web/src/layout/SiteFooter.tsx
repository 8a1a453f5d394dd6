import { Anchor, Container, Group, Stack, Text } from '@mantine/core'
import { Link, type LinkProps } from '@tanstack/react-router'
import type { CustomTypeOptions } from 'i18next'
import { Trans, useTranslation } from 'react-i18next'

import { INSTAGRAM_BIO_TOOL_ID, X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'

import { LanguagePicker } from '../i18n/LanguagePicker.tsx'
import { Brand } from './Brand.tsx'
import classes from './layout.module.css'
import { useSiteDetails } from './site.ts'

type Texts = CustomTypeOptions['resources']['translation']
type FooterText = keyof Texts['layout']['footer']
type PageTitle = keyof Texts['common']['pages']

/**
 * A link's name: one of the footer's own texts, or the title of the page it leads to. `external`
 * names a configured address that, when set, replaces the internal page (the Blog: BLOG_URL).
 */
type FooterLink = LinkProps &
  ({ label: FooterText } | { page: Exclude<PageTitle, 'toolNotFound'> }) & {
    external?: 'blogUrl'
  }

/** The footer's link columns by heading (spec: popular tools, company pages, legal pages), each a navigation. */
const COLUMNS: [FooterText, FooterLink[]][] = [
  [
    'popularTools',
    [
      { label: 'xBio', to: '/generate', search: { id: X_TWITTER_BIO_TOOL_ID } },
      { label: 'instagramBio', to: '/generate', search: { id: INSTAGRAM_BIO_TOOL_ID } },
      { label: 'allTools', to: '/' },
    ],
  ],
  [
    'company',
    [
      { page: 'about', to: '/about' },
      { label: 'contact', to: '/contact' },
      { label: 'myProfile', to: '/profile' },
      { page: 'blog', to: '/blog', external: 'blogUrl' },
    ],
  ],
  [
    'legal',
    [
      { page: 'terms', to: '/terms' },
      { page: 'privacy', to: '/privacy' },
      { page: 'transaction', to: '/transaction' },
    ],
  ],
]

/** Footer on every page (spec: logo with name, tagline, credit link, 2024 copyright, links). */
export function SiteFooter() {
  const { t } = useTranslation()
  const site = useSiteDetails()
  const nameOf = (link: FooterLink) =>
    'label' in link ? t(`layout.footer.${link.label}`) : t(`common.pages.${link.page}.title`)
  const keyOf = (link: FooterLink) => ('label' in link ? link.label : link.page)
  return (
    <footer className={classes.footer}>
      <Container size="lg">
        <div className={classes.footerGrid}>
          <Stack gap="sm">
            <Brand />
            {/* The header has the same picker: on small screens the footer leaves it out. */}
            <LanguagePicker className={classes.footerLanguage} />
            <Text size="sm" c="dimmed">
              {t('layout.footer.tagline')}
            </Text>
            <Text size="sm" c="dimmed">
              <Trans
                i18nKey="layout.footer.madeBy"
                components={{
                  // Underlined: in some languages the link sits inside the sentence, where colour alone
                  // would not tell it apart.
                  // Without MAKER_URL the credit names the maker without a link to an invented site.
                  maker: site.makerUrl ? (
                    <Anchor
                      href={site.makerUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      size="sm"
                      underline="always"
                    />
                  ) : (
                    <span />
                  ),
                }}
              />
            </Text>
          </Stack>
          {COLUMNS.map(([heading, links]) => (
            <nav key={heading} aria-label={t(`layout.footer.${heading}`)}>
              <Stack gap="xs">
                <Text component="h2" size="sm" fw={700}>
                  {t(`layout.footer.${heading}`)}
                </Text>
                <ul className={classes.footerList}>
                  {links.map((link) => {
                    const externalUrl = link.external ? site[link.external] : null
                    return (
                      <li key={keyOf(link)}>
                        {externalUrl ? (
                          <a
                            className={classes.footerLink}
                            href={externalUrl}
                            target="_blank"
                            rel="noopener noreferrer"
                          >
                            {nameOf(link)}
                          </a>
                        ) : (
                          <Link className={classes.footerLink} to={link.to} search={link.search}>
                            {nameOf(link)}
                          </Link>
                        )}
                      </li>
                    )
                  })}
                </ul>
              </Stack>
            </nav>
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
