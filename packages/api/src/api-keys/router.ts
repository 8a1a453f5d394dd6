import type { TRPCRouterRecord } from '@trpc/server'

import { authedProcedure } from '../trpc.ts'
import { createApiKey } from './create.handler.ts'
import { createApiKeyInput, createApiKeyOutput } from './create.schema.ts'
import { listApiKeys } from './list.handler.ts'
import { listApiKeysOutput } from './list.schema.ts'
import { revokeApiKey } from './revoke.handler.ts'
import { revokeApiKeyInput, revokeApiKeyOutput } from './revoke.schema.ts'

/** Personal API keys for scripts. Managed here, with the session; used only by the REST adapter. */
export const apiKeysRouter = {
  /** A new key, answered in full this once; CONFLICT when the caller already has the most allowed. */
  create: authedProcedure.input(createApiKeyInput).output(createApiKeyOutput).mutation(createApiKey),
  /** The caller's active keys, newest first, without the keys themselves. */
  list: authedProcedure.output(listApiKeysOutput).query(listApiKeys),
  /** Revokes one of the caller's keys (idempotent); NOT_FOUND for anyone else's. */
  revoke: authedProcedure.input(revokeApiKeyInput).output(revokeApiKeyOutput).mutation(revokeApiKey),
} satisfies TRPCRouterRecord
