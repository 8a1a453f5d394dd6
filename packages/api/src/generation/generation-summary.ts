import type { Prisma as PrismaTypes } from '@promptly/db/client'

import type { GenerationSummary } from './history.schema.ts'

/** The columns behind a generation's summary (history.schema.ts), for every view that reads one with Prisma. */
export const generationSummarySelect = {
  id: true,
  toolId: true,
  kind: true,
  status: true,
  credits: true,
  createdAt: true,
  voice: true,
  kept: true,
  tool: { select: { name: true } },
} as const satisfies PrismaTypes.GenerationSelect

type GenerationSummaryRow = PrismaTypes.GenerationGetPayload<{ select: typeof generationSummarySelect }>

/** A generation whose tool has since been deleted keeps its row, with no tool name. */
export function toGenerationSummary(row: GenerationSummaryRow): GenerationSummary {
  return {
    id: row.id,
    toolId: row.toolId,
    toolName: row.tool?.name ?? null,
    kind: row.kind,
    status: row.status,
    credits: row.credits,
    createdAt: row.createdAt,
    voiceName: voiceNameOf(row.voice),
    kept: row.kept,
  }
}

/** The name in a generation's copy of its voice (voices/voice-for-run.ts), or null. */
export function voiceNameOf(voice: unknown): string | null {
  if (typeof voice !== 'object' || voice === null || !('name' in voice)) return null
  return typeof voice.name === 'string' ? voice.name : null
}
