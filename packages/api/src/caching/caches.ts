import type { Telemetry } from '../telemetry/telemetry.ts'
import { BookmarkSetCache } from './bookmark-sets.ts'
import { inProcessCacheBus, type CacheBus } from './cache-bus.ts'
import { CatalogueCache } from './catalogue-cache.ts'

/**
 * The data caches a handler reads through (`ctx.caches`), and the bus their invalidations travel
 * on. One set per server instance, built by the composition root (apps/server/src/services.ts) and
 * handed to every request's context, as the AI provider and the media storage are.
 */
export interface Caches {
  /** The signed-out catalogue reads (catalogue-cache.ts). */
  catalogue: CatalogueCache
  /** Each user's bookmarked tool ids (bookmark-sets.ts). */
  bookmarkSets: BookmarkSetCache
  /** How every write's invalidation reaches this instance's caches and the others' (cache-bus.ts). */
  bus: CacheBus
}

/** The data caches of one instance, each subscribed to `bus`; the catalogue's hits go to `telemetry`. */
export function createCaches(bus: CacheBus, telemetry?: Pick<Telemetry, 'catalogueLookup'>): Caches {
  return { catalogue: new CatalogueCache(bus, { telemetry }), bookmarkSets: new BookmarkSetCache(bus), bus }
}

/** Caches of this process alone (PGlite, tests, command-line tools). */
export function inProcessCaches(): Caches {
  return createCaches(inProcessCacheBus())
}
