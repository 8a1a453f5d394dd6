import type { TFunction } from 'i18next'

import { documentTitle, SITE_NAME } from '../components/usePageTitle.ts'
import type { HeadContext, ToolHead } from './head-context.ts'

/** The static pages' titles and descriptions (common.pages.<key>), by route. */
const STATIC_PAGES = {
  '/about': 'about',
  '/blog': 'blog',
  '/contact': 'contact',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/transaction': 'transaction',
  '/login': 'login',
  '/plan': 'plan',
} as const

export type StaticPagePath = keyof typeof STATIC_PAGES

export function staticPageHead(path: StaticPagePath, t: TFunction) {
  const page = STATIC_PAGES[path]
  return pageHead(t, { title: t(`common.pages.${page}.title`), description: t(`common.pages.${page}.description`) })
}

export interface PageHeadInput {
  /** The page's own title; empty for the home page, whose title is the site's. */
  title: string
  description?: string
  /** An absolute URL for the canonical link and og:url. */
  canonical?: string
  /** An absolute URL of the picture shared with the link. */
  image?: string
}

/**
 * A route's head(): title, description, and for shared pages (tools) the canonical URL with the
 * Open Graph and Twitter card tags that link previews read. Written in the page's language (`t` of
 * the router context's instance: the server renders the head in the visitor's).
 */
export function pageHead(
  t: TFunction,
  { title, description = t('common.defaultDescription'), canonical, image }: PageHeadInput,
) {
  const fullTitle = documentTitle(title, t)
  const social = canonical
    ? [
        { property: 'og:type', content: 'website' },
        { property: 'og:site_name', content: SITE_NAME },
        { property: 'og:title', content: title || fullTitle },
        { property: 'og:description', content: description },
        { property: 'og:url', content: canonical },
        ...(image ? [{ property: 'og:image', content: image }] : []),
        { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
        { name: 'twitter:title', content: title || fullTitle },
        { name: 'twitter:description', content: description },
        ...(image ? [{ name: 'twitter:image', content: image }] : []),
      ]
    : []
  return {
    meta: [{ title: fullTitle }, { name: 'description', content: description }, ...social],
    links: canonical ? [{ rel: 'canonical', href: canonical }] : [],
  }
}

/**
 * A tool's page: its name and description, its logo for link previews (absolute, as they require),
 * and the canonical address (APP_URL + /generate?id=…) whatever else the shared link carries.
 */
export function toolPageHead(tool: ToolHead | null, id: string | undefined, { origin, i18n }: HeadContext) {
  const { t } = i18n
  if (!tool) return pageHead(t, { title: id ? t('common.pages.toolNotFound') : t('common.generate') })
  return pageHead(t, {
    title: tool.name,
    description: tool.description,
    canonical: `${origin}/generate?id=${encodeURIComponent(id ?? '')}`,
    image: new URL(tool.logo, origin).href,
  })
}
