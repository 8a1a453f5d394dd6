import type { GenerationDone } from '@promptly/api/generation/run.schema'
import { runGenerationInput } from '@promptly/api/generation/run.schema'
import { startGeneration } from '@promptly/api/generation/run.handler'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { legacy } from './envelope.ts'
import type { RestDeps } from './register-rest.ts'
import { legacyIdentityQuery, requireCaller } from './shared/legacy-identity.ts'

const toolParams = z.object({ id: z.string() })
/** Missing rows (or a missing `groups`) take the form's defaults, as the legacy client relied on. */
const generationBody = z.object({ groups: z.unknown().default([]) }).nullish()

/**
 * The spec's getResponseOfObject, answering the legacy way: `data` is text holding a JSON object
 * whose `output` is the sanitised HTML. The same generation as tRPC's `generation.run` (reserve,
 * stream, sanitise, store, commit; refund on any failure), consumed to the end before answering.
 */
export function registerGenerationRoutes(app: FastifyInstance, { createContext, adminEmails }: RestDeps): void {
  app.post('/objects/getResponseOfObject/:id', async (req, reply) => {
    const query = legacyIdentityQuery.parse(req.query)
    const ctx = await requireCaller(req, await createContext(req), query.clerkId, adminEmails)
    const input = runGenerationInput.parse({ toolId: toolParams.parse(req.params).id, groups: generationBody.parse(req.body)?.groups ?? [] })
    // A caller who hangs up cancels the provider call, and the reservation is refunded.
    const hangUp = new AbortController()
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) hangUp.abort()
    })
    let done: GenerationDone | undefined
    for await (const event of await startGeneration({ ctx, input, signal: hangUp.signal })) {
      if (event.type === 'done') done = event
    }
    if (!done) throw new Error('The generation ended without a result')
    return legacy.inData(legacyOutputText(done), 'Generated')
  })
}

/**
 * `data` for the legacy client, which takes the text from the first to the last brace, puts a line
 * break after each closing paragraph tag and parses the result. A raw line break inside a JSON string
 * would make that parse fail, so no `</` is left for it to find: JSON allows `\/` for `/`, and the
 * parsed `output` is the stored HTML exactly (tested in generation.routes.int.test.ts).
 */
export function legacyOutputText(done: GenerationDone): string {
  return JSON.stringify({ output: done.output, generationId: done.generationId, creditsLeft: done.creditsLeft }).replace(/<\//g, '<\\/')
}
