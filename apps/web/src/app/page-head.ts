import { documentTitle, SITE_NAME } from '../components/usePageTitle.ts'
import type { ToolHead } from './lazy-page-head.ts'

/** The description of pages that have none of their own. */
export const DEFAULT_DESCRIPTION =
  'Promptly: AI generator tools for bios, captions, SEO, blogs, images and audio, updated daily.'

/** The static pages' titles and descriptions, by route. */
const STATIC_PAGES = {
  '/about': ['About Us', 'What Promptly is: AI generator tools for creators, and how credits work.'],
  '/blog': ['Blog', 'News and guides from the Promptly team about AI writing, image and audio tools.'],
  '/contact': ['Contact Us', 'Questions, feedback or a tool you would like to see? Write to the Promptly team.'],
  '/privacy': ['Privacy Policy', 'What Promptly collects, how it is used, and how to ask for your data or opt out.'],
  '/terms': ['Terms of Service', 'The terms that govern your use of Promptly.'],
  '/transaction': ['Secure Transaction Policy', 'How Promptly takes card payments securely.'],
  '/login': ['Sign in', 'Sign in to Promptly to generate, bookmark tools and buy credits.'],
  '/plan': ['Pricing', 'Promptly plans and credit packs: days of validity, price and credits of each.'],
} as const satisfies Record<string, readonly [string, string]>

export type StaticPagePath = keyof typeof STATIC_PAGES

export function staticPageHead(path: StaticPagePath) {
  const [title, description] = STATIC_PAGES[path]
  return pageHead({ title, description })
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
 * Open Graph and Twitter card tags that link previews read.
 */
export function pageHead({ title, description = DEFAULT_DESCRIPTION, canonical, image }: PageHeadInput) {
  const fullTitle = documentTitle(title)
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
export function toolPageHead(tool: ToolHead | null, id: string | undefined, origin: string) {
  if (!tool) return pageHead({ title: id ? 'Tool not found' : 'Generate' })
  return pageHead({
    title: tool.name,
    description: tool.description,
    canonical: `${origin}/generate?id=${encodeURIComponent(id ?? '')}`,
    image: new URL(tool.logo, origin).href,
  })
}
