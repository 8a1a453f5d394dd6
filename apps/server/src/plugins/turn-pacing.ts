import type { FastifyInstance } from 'fastify'

import type { TurnBudget } from '@promptly/api/scheduling/turn-budget'

/**
 * Each request waits for its share of the event loop (scheduling/turn-budget.ts): on arrival, so
 * requests that arrived together go on a few per turn instead of all in one, and again once its body
 * is in, since bodies that arrive together are parsed and handed to their handlers together.
 */
export function registerTurnPacing(app: FastifyInstance, turns: TurnBudget): void {
  app.addHook('onRequest', () => turns.pace())
  app.addHook('preHandler', () => turns.pace())
}
