import { getLimits } from '@promptly/api/credits/limits.handler'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { legacy } from './envelope.ts'
import type { RestDeps } from './register-rest.ts'
import { requireCaller } from './shared/legacy-identity.ts'

const limitsQuery = z.object({ clerkId: z.string().min(1).max(200).optional() })

export function registerLimitsRoutes(app: FastifyInstance, { createContext, adminEmails }: RestDeps): void {
  app.get('/limits', async (req) => {
    const query = limitsQuery.parse(req.query)
    const ctx = await requireCaller(await createContext(req), query.clerkId, adminEmails)
    return legacy.inData(await getLimits({ ctx }))
  })
}
