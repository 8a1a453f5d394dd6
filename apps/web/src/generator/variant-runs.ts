import type { GenerationEvent } from '@promptly/api/generation/run.schema'

import {
  generationReducer,
  initialGenerationState,
  isBusy,
  type GenerationFailure,
  type GenerationState,
} from './generation-state.ts'

/**
 * The generator page's variants, side by side: one GenerationState per slot (generation-state.ts
 * reduces each), and which slots the run in flight writes. A run writes every slot (Generate, with
 * the number of variants chosen) or one ("Regenerate this one"); its events name their variant,
 * the n-th of the run, which lands in the run's n-th slot.
 */
export interface VariantRunsState {
  /** Counts submissions: effects keyed on it (the scroll) run once per run. */
  run: number
  slots: GenerationState[]
  /** The slots the latest run writes, in its variants' order. */
  active: number[]
  /** The generations marked "Keep". */
  kept: string[]
}

export type VariantRunsAction =
  /** A run of `slots` starts; `count` slots remain on the page (the variants chosen). */
  | { type: 'submitted'; slots: number[]; count: number }
  | { type: 'event'; event: GenerationEvent }
  | { type: 'stopped' }
  /** The whole run failed (before any variant started, or the connection went). */
  | { type: 'failed'; failure: GenerationFailure }
  | { type: 'kept'; generationId: string; kept: boolean }

export const initialVariantRuns: VariantRunsState = { run: 0, slots: [initialGenerationState], active: [], kept: [] }

export function variantRunsReducer(state: VariantRunsState, action: VariantRunsAction): VariantRunsState {
  switch (action.type) {
    case 'submitted': {
      const slots = Array.from(
        { length: action.count },
        (_, index) =>
          state.slots[index] ?? { ...initialGenerationState, localModel: state.slots[0]?.localModel ?? false },
      ).map((slot, index) => (action.slots.includes(index) ? generationReducer(slot, { type: 'submitted' }) : slot))
      return { ...state, run: state.run + 1, slots, active: action.slots }
    }
    case 'event': {
      const slot = state.active[action.event.variant]
      if (slot === undefined) return state
      return withSlot(state, slot, generationReducer(state.slots[slot]!, action))
    }
    case 'stopped':
    case 'failed':
      return state.active.reduce(
        (next, slot) => withSlot(next, slot, generationReducer(next.slots[slot]!, action)),
        state,
      )
    case 'kept':
      return {
        ...state,
        kept: action.kept
          ? [...new Set([...state.kept, action.generationId])]
          : state.kept.filter((id) => id !== action.generationId),
      }
  }
}

function withSlot(state: VariantRunsState, index: number, slot: GenerationState): VariantRunsState {
  return { ...state, slots: state.slots.map((current, at) => (at === index ? slot : current)) }
}

/** Any slot still waiting or streaming. */
export function runsBusy(state: Pick<VariantRunsState, 'slots'>): boolean {
  return state.slots.some(isBusy)
}

/** At least one generation finished on this page: the main button reads Regenerate. */
export function anySucceeded(state: Pick<VariantRunsState, 'slots'>): boolean {
  return state.slots.some((slot) => slot.succeeded)
}
