import { randomUUID } from 'node:crypto'

import type { Db } from '@promptly/db/client'

import { bioValues } from './generator-tool.ts'

export interface StoredGeneration {
  userId: string
  toolId: string
  output: string
  minutesAgo: number
  status?: 'succeeded' | 'failed' | 'reserved'
}

/** A finished generation stored directly, at a chosen time (history reads; it does not charge). */
export async function storeGeneration(db: Db, generation: StoredGeneration): Promise<string> {
  const { userId, toolId, output, minutesAgo, status = 'succeeded' } = generation
  const id = randomUUID()
  await db.generation.create({
    data: {
      id,
      userId,
      toolId,
      kind: 'generic',
      input: { groups: bioValues(`Shop ${minutesAgo}`) },
      output: status === 'succeeded' ? output : null,
      error: status === 'failed' ? 'The AI service is unavailable right now. Please try again later.' : null,
      credits: 1,
      provider: 'local',
      status,
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    },
  })
  return id
}
