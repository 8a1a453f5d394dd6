import { z } from 'zod'

import { startGeneration } from '@promptly/api/generation/run.handler'
import { runGenerationInput, type GenerationDone } from '@promptly/api/generation/run.schema'
import { toolId } from '@promptly/api/tools/tool.schema'

import { legacy, legacyResponses, legacySchema } from '../envelope.ts'
import { hangUpSignal } from '../hang-up-signal.ts'
import { CALLERS, signedInCaller } from '../rest-caller.ts'
import type { RestScope } from '../rest-scope.ts'
import { legacyIdentityQuery } from '../shared/legacy-identity.ts'

/** Missing rows (or a missing `groups`) take the form's defaults, as the legacy client relied on. */
const generationBody = z.object({ groups: runGenerationInput.shape.groups.prefault([]) })

/**
 * The spec's getResponseOfObject, answering the legacy way: `data` is text holding a JSON object
 * whose `output` is the sanitised HTML. The same generation as tRPC's `generation.run` (reserve,
 * stream, sanitise, store, commit; refund on any failure), consumed to the end before answering.
 */
export function registerGetResponseOfObject(app: RestScope): void {
  app.post(
    '/objects/getResponseOfObject/:id',
    {
      config: { caller: CALLERS.signedIn() },
      schema: {
        tags: ['Generation'],
        summary: "Runs a tool with the form's values, row by row; charges the tool's credits",
        params: z.object({ id: toolId }),
        querystring: legacyIdentityQuery,
        body: generationBody,
        response: legacyResponses({
          200: legacySchema.inData(z.string().describe('JSON text: { output (HTML), generationId, creditsLeft }')),
        }),
      },
    },
    async (req, reply) => {
      const input = { toolId: req.params.id, groups: req.body.groups }
      // A caller who hangs up cancels the provider call, and the reservation is refunded.
      let done: GenerationDone | undefined
      const ctx = signedInCaller(req.caller)
      for await (const event of await startGeneration({ ctx, input, signal: hangUpSignal(reply) })) {
        if (event.type === 'done') done = event
      }
      if (!done) throw new Error('The generation ended without a result')
      return legacy.inData(legacyOutputText(done), 'Generated')
    },
  )
}

/**
 * `data` for the legacy client, which takes the text from the first to the last brace, puts a line
 * break after each closing paragraph tag and parses the result. A raw line break inside a JSON string
 * would make that parse fail, so no `</` is left for it to find: JSON allows `\/` for `/`, and the
 * parsed `output` is the stored HTML exactly (tested in get-response-of-object.int.test.ts).
 */
export function legacyOutputText(done: GenerationDone): string {
  const { output, generationId, creditsLeft } = done
  return JSON.stringify({ output, generationId, creditsLeft }).replace(/<\//g, '<\\/')
}
