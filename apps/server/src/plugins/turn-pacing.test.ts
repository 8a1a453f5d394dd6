import Fastify from 'fastify'
import { expect, it } from 'vitest'

import { TurnBudget } from '@promptly/api/scheduling/turn-budget'

import { registerTurnPacing } from './turn-pacing.ts'

it('holds a request for its turn on arrival and again before its handler', async () => {
  // A budget of nothing on a clock that stands still: the first paced step of a turn goes on, the
  // next waits for the turn to end, which happens only when the test says so.
  const later: (() => void)[] = []
  const turns = new TurnBudget(0, { now: () => 0, later: (resume) => void later.push(resume) })
  const app = Fastify()
  registerTurnPacing(app, turns)
  const handled: string[] = []
  app.post('/echo', async (req) => {
    handled.push(JSON.stringify(req.body))
    return { ok: true }
  })
  await app.ready()

  // The first request opens the turn on arrival and waits before its handler; the second waits on arrival.
  const first = app.inject({ method: 'POST', url: '/echo', payload: { n: 1 } })
  const second = app.inject({ method: 'POST', url: '/echo', payload: { n: 2 } })
  // A few turns of the real loop: enough for inject to reach the handler when nothing holds it.
  const settle = async () => {
    for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve))
  }
  await settle()
  expect(handled).toEqual([])

  let turnsRun = 0
  while (handled.length < 2) {
    const due = later.splice(0)
    for (const resume of due) resume()
    turnsRun += 1
    await settle()
  }
  expect((await first).statusCode).toBe(200)
  expect((await second).statusCode).toBe(200)
  expect(handled).toEqual(['{"n":1}', '{"n":2}'])
  // Each turn lets one step through: two requests, two paced steps each, one of them free.
  expect(turnsRun).toBeGreaterThanOrEqual(3)
  await app.close()
})
