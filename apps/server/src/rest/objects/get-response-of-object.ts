import { z } from 'zod'

import { startGeneration } from '@promptly/api/generation/run.handler'
import { runGenerationInput, type GenerationDone, type GenerationFailed } from '@promptly/api/generation/run.schema'
import { toolId } from '@promptly/api/tools/tool.schema'

import { legacy, legacyResponses, legacySchema } from '../envelope.ts'
import { hangUpSignal } from '../hang-up-signal.ts'
import { CALLERS, signedInCaller } from '../rest-caller.ts'
import type { RestScope } from '../rest-scope.ts'
import { legacyIdentityQuery } from '../shared/legacy-identity.ts'

/**
 * Missing rows (or a missing `groups`) take the form's defaults, as the legacy client relied on.
 * `n` (1 to 3) asks for variants, `voiceId` applies one of the caller's brand voices.
 */
const generationBody = z.object({
  groups: runGenerationInput.shape.groups.prefault([]),
  n: runGenerationInput.shape.n,
  voiceId: runGenerationInput.shape.voiceId,
})

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
        summary: "Runs a tool with the form's values, row by row; charges the tool's credits per variant",
        description:
          'With `n` of 1 (the default) `data` is the legacy JSON text of one object. With `n` of 2 or 3, the ' +
          'variants are written in parallel, each charged, and `data` is JSON text of a list, one entry per ' +
          'variant in order: `{ output, generationId, creditsLeft }`, or `{ error, generationId }` for one that ' +
          'failed (its credits refunded). `voiceId` names one of your brand voices (404 for any other).',
        params: z.object({ id: toolId }),
        querystring: legacyIdentityQuery,
        body: generationBody,
        response: legacyResponses({
          200: legacySchema.inData(
            z.string().describe('JSON text: { output (HTML), generationId, creditsLeft }; a list of them when n > 1'),
          ),
        }),
      },
    },
    async (req, reply) => {
      const { groups, n, voiceId } = req.body
      const input = { toolId: req.params.id, groups, n, voiceId }
      // A caller who hangs up cancels the provider call, and the reservation is refunded.
      const ends: (GenerationDone | GenerationFailed)[] = []
      const ctx = signedInCaller(req.caller)
      for await (const event of await startGeneration({ ctx, input, signal: hangUpSignal(reply) })) {
        if (event.type === 'done' || event.type === 'failed') ends[event.variant] = event
      }
      if (n === 1) {
        const [done] = ends
        if (done?.type !== 'done') throw new Error('The generation ended without a result')
        return legacy.inData(legacyOutputText(done), 'Generated')
      }
      return legacy.inData(variantsText(ends), 'Generated')
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

/** `data` for n > 1: one entry per variant, in order, escaped as legacyOutputText escapes. */
function variantsText(ends: readonly (GenerationDone | GenerationFailed)[]): string {
  const entries = ends.map((end) =>
    end.type === 'done'
      ? { output: end.output, generationId: end.generationId, creditsLeft: end.creditsLeft }
      : { error: end.message, generationId: end.generationId },
  )
  return JSON.stringify(entries).replace(/<\//g, '<\\/')
}
