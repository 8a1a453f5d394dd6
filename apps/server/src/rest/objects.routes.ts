import { listCategories } from '@promptly/api/tools/categories.handler'
import type { FastifyInstance } from 'fastify'
import { legacy } from './envelope.ts'
import type { RestDeps } from './register-rest.ts'

export function registerObjectsRoutes(app: FastifyInstance, { createContext }: RestDeps): void {
  app.get('/objects/getCategories', async (req) => legacy.inMessage(await listCategories({ ctx: await createContext(req) })))
}
