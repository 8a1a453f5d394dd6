import { randomUUID } from 'node:crypto'

import { DEFAULT_MODELS } from '@promptly/ai/config'
import type { AiProvider } from '@promptly/ai/provider'
import { createRemoteAiProvider } from '@promptly/ai/remote-ai-provider'
import { DEFAULT_PERSONAL_TOOL_LIMIT } from '@promptly/core/config/env-fields'
import { DEFAULT_REFERRAL_DAILY_CAP } from '@promptly/core/credits/plan-rules'
import { DEFAULT_BRAND_VOICE_LIMIT } from '@promptly/core/voices/brand-voice'
import type { Db } from '@promptly/db/client'

import type { BulkRuntime } from '../bulk/bulk-runtime.ts'
import { inProcessCaches, type Caches } from '../caching/caches.ts'
import type { Context, SignedInUser } from '../context.ts'
import { mediaLinksFor } from '../media/media-links.ts'
import { createCaller } from '../root.ts'
import { TurnBudget } from '../scheduling/turn-budget.ts'
import type { MediaStorage } from '../storage/media-storage.ts'
import { MemoryMediaStorage } from '../storage/testing/memory-media-storage.ts'
import { noTelemetry, type Telemetry } from '../telemetry/telemetry.ts'

/** A stored user for tests, with a unique clerkId. */
export async function createTestUser(db: Db, name = 'Test User'): Promise<SignedInUser> {
  const id = randomUUID()
  const user = await db.user.create({
    data: { clerkId: `local_${id}`, name, email: `${id}@example.test`, imageUrl: '' },
  })
  return { ...user, isAdmin: false }
}

/**
 * An AI provider pointed at a closed port: building it contacts nothing, and a test that calls it by
 * mistake fails with a connection error instead of reaching a network. Catalogue tests never call it.
 */
const unreachableAi: AiProvider = createRemoteAiProvider({
  baseUrl: 'http://127.0.0.1:9/v1',
  apiKey: 'test-only',
  models: DEFAULT_MODELS,
  timeoutMs: 1000,
  maxRetries: 0,
  localChunkDelayMs: 0,
})

/** Where test contexts' share URLs point and what signs them: no server answers there. */
export const TEST_MEDIA_LINKS = { appUrl: 'http://promptly.test', secret: 'test-only-media-url-secret-0123456789' }

/** What a test may swap in the context: an AI provider (a fake) and where media go. */
export interface TestContextOptions {
  ai?: AiProvider
  /** Defaults to a fresh in-memory storage per context; pass one to share or inspect it. */
  media?: MediaStorage
  /** Defaults to PERSONAL_TOOL_LIMIT's default. */
  personalToolLimit?: number
  /** Defaults to REFERRAL_DAILY_CAP's default. */
  referralDailyCap?: number
  /** Defaults to BRAND_VOICE_LIMIT's default. */
  brandVoiceLimit?: number
  /**
   * Defaults to fresh in-process caches per context: a test that reads through the caches across
   * callers (what one caller's write must clear for another) passes one set to them all.
   */
  caches?: Caches
  /** Defaults to the no-op: a test that checks what the domain reports passes a recording one. */
  telemetry?: Telemetry
  /** Defaults to a budget of its own with the server's slice; a test of pacing passes one. */
  turns?: TurnBudget
  /** Bulk runs' queue and limits; a test of bulk runs passes one (bulk/testing/stepped-row-queue.ts). */
  bulk?: BulkRuntime
}

/** The context the server builds per request, for a given caller (null: signed out). */
export function testContext(db: Db, user: SignedInUser | null, options: TestContextOptions = {}): Context {
  const media = options.media ?? new MemoryMediaStorage()
  return {
    db,
    user,
    requestId: `test-${randomUUID()}`,
    publicConfig: { identity: 'local', clerkPublishableKey: null, localModel: true },
    site: { supportEmail: null, supportPhone: null, companyName: null, blogUrl: null, makerUrl: null },
    ai: options.ai ?? unreachableAi,
    media,
    caches: options.caches ?? inProcessCaches(),
    telemetry: options.telemetry ?? noTelemetry,
    turns: options.turns ?? new TurnBudget(),
    mediaLinks: mediaLinksFor(media, TEST_MEDIA_LINKS),
    personalToolLimit: options.personalToolLimit ?? DEFAULT_PERSONAL_TOOL_LIMIT,
    referralDailyCap: options.referralDailyCap ?? DEFAULT_REFERRAL_DAILY_CAP,
    brandVoiceLimit: options.brandVoiceLimit ?? DEFAULT_BRAND_VOICE_LIMIT,
    ...(options.bulk ? { bulk: options.bulk } : {}),
  }
}

/** The whole tRPC router called in-process, as `user` (null: signed out). */
export function callerFor(db: Db, user: SignedInUser | null, options: TestContextOptions = {}) {
  return createCaller(testContext(db, user, options))
}
