import type { LinkProps } from '@tanstack/react-router'
import type { CustomTypeOptions } from 'i18next'

import { INSTAGRAM_BIO_TOOL_ID, X_TWITTER_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'

type Texts = CustomTypeOptions['resources']['translation']
export type FooterText = keyof Texts['layout']['footer']
type PageTitle = keyof Texts['common']['pages']

/**
 * A link's name: one of the footer's own texts, or the title of the page it leads to. `external`
 * names a configured address that, when set, replaces the internal page (the Blog: BLOG_URL).
 */
export type FooterLink = LinkProps &
  ({ label: FooterText } | { page: Exclude<PageTitle, 'toolNotFound'> }) & {
    external?: 'blogUrl'
  }

/** The footer's link columns by heading (spec: popular tools, company pages, legal pages), each a navigation. */
export const FOOTER_COLUMNS: [FooterText, FooterLink[]][] = [
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
