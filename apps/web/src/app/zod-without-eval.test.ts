// @vitest-environment node
import { expect, it } from 'vitest'

it('turns off zod’s eval-compiled parsers before zod loads', async () => {
  await import('./zod-without-eval.ts')
  const { z } = await import('zod')
  expect(z.config().jitless).toBe(true)
  // And parsing still works without them.
  expect(z.object({ name: z.string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' })
})
