import type * as BulkRowRulesModule from '@promptly/core/bulk/bulk-row-rules'

import { lazyModule, useLazyModule } from '../app/lazy-module.ts'

type BulkRowRulesOf = Pick<typeof BulkRowRulesModule, 'bulkRowRules'>

/**
 * The bulk rows' rules (core's bulk-row-rules.ts, the server's own), fetched when a new run is first
 * shown: they bring the media tools' request schemas and the validation library with them, which no
 * other page of the app needs at load.
 */
const rules = lazyModule<BulkRowRulesOf>(() => import('@promptly/core/bulk/bulk-row-rules'))

/** The rules' module once in, else null (the component renders again when it arrives). */
export const useBulkRowRulesModule = (): BulkRowRulesOf | null => useLazyModule(rules, true)
