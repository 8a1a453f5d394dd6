import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'

import type { TurnBudget } from '@promptly/api/scheduling/turn-budget'

/**
 * Each request waits for its share of the event loop (scheduling/turn-budget.ts): on arrival, so
 * requests that arrived together go on a few per turn instead of all in one, and again once its body
 * is in, since bodies that arrive together are parsed and handed to their handlers together.
 */
export function registerTurnPacing(app: FastifyInstance, turns: TurnBudget): void {
  // Callback hooks: a request that need not wait goes on with no promise made for it.
  const waitForTurn = (_req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const waiting = turns.pace()
    if (waiting) void waiting.then(() => done())
    else done()
  }
  app.addHook('onRequest', waitForTurn)
  app.addHook('preHandler', waitForTurn)
}
