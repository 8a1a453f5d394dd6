import type { sanitizeHtml } from '@promptly/core/generation/sanitize-html'

import { lazyModule, useLazyModule } from '../app/lazy-module.ts'

export type Sanitize = typeof sanitizeHtml

/**
 * Core's HTML sanitiser, fetched when a result is on its way instead of with the tool's page: its
 * parser is a fifth of the page's script, and a page that shows no result yet has nothing to clean.
 * Asked for when a generation starts, so it is in by the time the first words arrive.
 */
const sanitizer = lazyModule<Sanitize>(() =>
  import('@promptly/core/generation/sanitize-html').then((module) => module.sanitizeHtml),
)

export const loadSanitizer = (): Promise<Sanitize> => sanitizer.load()

/** The sanitiser once it is in, else null; `needed` asks for it. Nothing unsanitised is ever shown meanwhile. */
export const useSanitizer = (needed: boolean): Sanitize | null => useLazyModule(sanitizer, needed)
