import { z } from 'zod'

/**
 * The operator's own details, set by configuration (SUPPORT_EMAIL, SUPPORT_PHONE, COMPANY_NAME,
 * BLOG_URL, MAKER_URL). Null when not configured: the pages then say so or leave the line out, rather
 * than showing invented contact data.
 */
export const siteDetails = z.object({
  supportEmail: z.email().nullable(),
  supportPhone: z.string().nullable(),
  companyName: z.string().nullable(),
  /** An external blog; null keeps the footer's Blog link on the internal /blog page. */
  blogUrl: z.url().nullable(),
  makerUrl: z.url().nullable(),
})
export type SiteDetails = z.infer<typeof siteDetails>

/** What the browser may know about how this server is set up. Never a secret. */
export const publicConfig = z.object({
  identity: z.enum(['local', 'clerk']),
  clerkPublishableKey: z.string().nullable(),
  /** True when text comes from the built-in local model rather than an OpenAI-compatible server. */
  localModel: z.boolean(),
})
export type PublicConfig = z.infer<typeof publicConfig>
