import { useQuery } from '@tanstack/react-query'

import type { SiteDetails } from '@promptly/api/system/public-config.schema'

import { useTRPC } from '../trpc/client.ts'

/** Product-wide constants for the shell. The footer's words (tagline, maker, copyright) are texts: layout.footer.*. */
export const SITE = {
  name: 'Promptly',
} as const

/** Before the server has answered, or when it cannot: nothing configured, so nothing invented is shown. */
export const UNSET_SITE_DETAILS: SiteDetails = {
  supportEmail: null,
  supportPhone: null,
  companyName: null,
  blogUrl: null,
  makerUrl: null,
}

/** The details change only with the server's configuration: asked once per page load. */
export const SITE_DETAILS_QUERY = { staleTime: Infinity, retry: false } as const

/**
 * The operator's contact and link details (SUPPORT_EMAIL, COMPANY_NAME, BLOG_URL, ...). The root
 * route's loader asks for them, so a server-rendered page carries them and hydrates with the same.
 */
export function useSiteDetails(): SiteDetails {
  const trpc = useTRPC()
  const { data } = useQuery(trpc.system.site.queryOptions(undefined, SITE_DETAILS_QUERY))
  return data ?? UNSET_SITE_DETAILS
}

/** A phone number as a tel: link wants it: the digits and a leading plus. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, '')}`
}
