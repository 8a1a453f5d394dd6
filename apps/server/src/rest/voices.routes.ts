import { listVoices } from '@promptly/api/voices/list.handler'
import { listVoicesOutput } from '@promptly/api/voices/list.schema'

import { legacy, legacyResponses, legacySchema } from './envelope.ts'
import { CALLERS, signedInCaller } from './rest-caller.ts'
import type { RestScope } from './rest-scope.ts'
import { legacyIdentityQuery } from './shared/legacy-identity.ts'

/**
 * The caller's brand voices, for scripts: the `voiceId` that getResponseOfObject takes comes from
 * here. Voices are made and edited on the profile page.
 */
export function registerVoicesRoutes(app: RestScope): void {
  app.get(
    '/voices',
    {
      config: { caller: CALLERS.signedIn() },
      schema: {
        tags: ['Brand voices'],
        summary: "The caller's brand voices by name, the last one picked, and how many they may keep",
        querystring: legacyIdentityQuery,
        response: legacyResponses({ 200: legacySchema.inData(listVoicesOutput) }),
      },
    },
    async (req) => legacy.inData(await listVoices({ ctx: signedInCaller(req.caller) })),
  )
}
