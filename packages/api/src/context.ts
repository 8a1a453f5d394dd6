import type { AiProvider } from '@promptly/ai/provider'
import type { Db } from '@promptly/db/client'
import type { User } from '@promptly/db/generated/prisma/client'

import type { BulkRuntime } from './bulk/bulk-runtime.ts'
import type { Caches } from './caching/caches.ts'
import type { MediaLinks } from './media/media-links.ts'
import type { PaymentProvider } from './payments/payment-provider.ts'
import type { TurnBudget } from './scheduling/turn-budget.ts'
import type { MediaStorage } from './storage/media-storage.ts'
import type { PublicConfig, SiteDetails } from './system/public-config.schema.ts'
import type { Telemetry } from './telemetry/telemetry.ts'

/** The signed-in account as stored, plus the admin decision made once per request. */
export type SignedInUser = User & { isAdmin: boolean }

/** Everything a handler may use. Built per request by the server (tRPC and REST alike). */
export interface Context {
  db: Db
  user: SignedInUser | null
  requestId: string
  publicConfig: PublicConfig
  /** The operator's contact and link details (SUPPORT_EMAIL, COMPANY_NAME, BLOG_URL, ...), for the pages. */
  site: SiteDetails
  /** The one AI provider of the process (built once by the server, shared by every request). */
  ai: AiProvider
  /** Where generated images and audio are kept (folder or S3-compatible, chosen once by the server). */
  media: MediaStorage
  /**
   * The instance's data caches (catalogue, bookmark sets) and the bus that invalidates them across
   * instances (caching/caches.ts): built once by the server, shared by every request.
   */
  caches: Caches
  /**
   * Where the domain reports what it did (generations, credits, procedures) for the operator's
   * metrics (telemetry/telemetry.ts): built once by the server, a no-op when no metrics are served.
   */
  telemetry: Telemetry
  /**
   * The server's share of event-loop turns (scheduling/turn-budget.ts): steps of heavy work (a
   * generation's) pace themselves on it, so a burst of them cannot hold the loop from other requests.
   */
  turns: TurnBudget
  /** Makes the capability URLs of generated media: signed /media URLs, or the storage's presigned ones. */
  mediaLinks: MediaLinks
  /** Most personal (unpublished) tools one user may keep (PERSONAL_TOOL_LIMIT). */
  personalToolLimit: number
  /** Most referral rewards one referrer earns in any 24 hours (REFERRAL_DAILY_CAP). */
  referralDailyCap: number
  /** Most brand voices one user may keep (BRAND_VOICE_LIMIT). */
  brandVoiceLimit: number
  /** Who takes payments (Stripe or the local checkout, chosen once); absent where nothing is sold (tools). */
  payments?: PaymentProvider
  /**
   * This server instance's lease id (ServerInstance), recorded on the reservations it makes so they
   * are refunded soon after it dies. Absent (tests, tools): reservations fall under the age rule only.
   */
  instanceId?: string
  /** The bulk runs' queue and limits (bulk/bulk-runtime.ts): built once by the server. */
  bulk?: BulkRuntime
}

export type { PublicConfig }

/** How a server door (tRPC, REST, media) turns one incoming request into the context its handlers get. */
export type ContextFactory<Request> = (req: Request) => Promise<Context>

export type AuthedContext = Context & { user: SignedInUser }
