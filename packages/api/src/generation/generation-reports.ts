import type { ToolKind } from '@promptly/db/generated/prisma/enums'

import type { AuthedContext } from '../context.ts'
import type { GenerationErrorClass } from '../telemetry/telemetry.ts'

/** A generation committed: its credits are kept, and it counts as succeeded. */
export function reportCommitted(ctx: AuthedContext, kind: ToolKind, cost: number): void {
  ctx.telemetry.creditsMoved('committed', cost)
  ctx.telemetry.generationSettled({ kind, provider: ctx.ai.name, outcome: 'succeeded' })
}

/** A generation failed (its refund, when there was one to make, is reported by the refund itself). */
export function reportFailed(ctx: AuthedContext, kind: ToolKind, errorClass: GenerationErrorClass): void {
  ctx.telemetry.generationSettled({ kind, provider: ctx.ai.name, outcome: 'failed', errorClass })
}
