import { Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'

import type { FooterLink, FooterText } from './footer-links.ts'
import classes from './layout.module.css'
import { useSiteDetails } from './site.ts'

/** One of the footer's link columns: a navigation named by its heading. */
export function FooterLinkColumn({ heading, links }: { heading: FooterText; links: FooterLink[] }) {
  const { t } = useTranslation()
  const site = useSiteDetails()
  const nameOf = (link: FooterLink) =>
    'label' in link ? t(`layout.footer.${link.label}`) : t(`common.pages.${link.page}.title`)
  const keyOf = (link: FooterLink) => ('label' in link ? link.label : link.page)
  return (
    <nav aria-label={t(`layout.footer.${heading}`)}>
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
                  <a className={classes.footerLink} href={externalUrl} target="_blank" rel="noopener noreferrer">
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
  )
}
