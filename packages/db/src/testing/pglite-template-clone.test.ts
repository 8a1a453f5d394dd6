import { afterAll, describe, expect, it } from 'vitest'

import { clonePGliteTemplate } from './pglite-template-clone.ts'
import { pgliteTemplates } from './pglite-templates.ts'

describe('clonePGliteTemplate', () => {
  const open: { close(): Promise<void> }[] = []
  afterAll(() => Promise.all(open.map((pglite) => pglite.close())))

  it("starts each clone with the template's data, and no clone sees another's writes", async () => {
    const { seeded } = await pgliteTemplates()
    const clone = async () => {
      const pglite = await clonePGliteTemplate(seeded)
      open.push(pglite)
      return pglite
    }
    const count = async (pglite: Awaited<ReturnType<typeof clone>>) =>
      (await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM tools')).rows[0]?.n
    const [first, second] = [await clone(), await clone()]
    const seededTools = await count(first)
    expect(seededTools).toBeGreaterThan(0)

    // Rewrites the pages the template's files hold, in place: a clone sharing their bytes would show it.
    await first.exec(`DELETE FROM tools; CHECKPOINT`)
    expect(await count(first)).toBe(0)
    expect(await count(second)).toBe(seededTools)
    expect(await count(await clone())).toBe(seededTools)
  })
})
