import type { GenerationEvent } from '@promptly/api/generation/run.schema'

import type { Sanitize } from './result-sanitizer.ts'

/**
 * One generator page's run of `generation.run`, as a reducer over the stream's events (spec section
 * 4: submit sets busy; success shows the result and Generate becomes Regenerate; failure shows a
 * toast and ends busy). Pure: the hook in useGeneration.ts feeds it.
 */
export type GenerationPhase =
  /** Nothing asked yet. */
  | 'idle'
  /** Sent; the server has not started (credits not yet held). */
  | 'starting'
  /** Credits held; text arriving. */
  | 'streaming'
  | 'done'
  /** The user pressed Stop: the server refunds, the partial text stays on screen. */
  | 'stopped'
  | 'failed'

export interface GenerationFailure {
  message: string
  /** PAYMENT_REQUIRED: the panel offers the way to more credits (/plan). */
  outOfCredits: boolean
}

export interface GenerationState {
  phase: GenerationPhase
  /** Counts submissions: effects keyed on it (the scroll) run once per generation. */
  run: number
  /** The model's raw text so far (a live preview; never rendered without sanitising). */
  text: string
  /** The stored, server-sanitised HTML, once done. */
  output: string | null
  generationId: string | null
  cost: number | null
  localModel: boolean
  creditsLeft: number | null
  failure: GenerationFailure | null
  /** At least one generation finished on this page: the button reads Regenerate. */
  succeeded: boolean
}

export type GenerationAction =
  | { type: 'submitted' }
  | { type: 'event'; event: GenerationEvent }
  | { type: 'stopped' }
  | { type: 'failed'; failure: GenerationFailure }

export const initialGenerationState: GenerationState = {
  phase: 'idle',
  run: 0,
  text: '',
  output: null,
  generationId: null,
  cost: null,
  localModel: false,
  creditsLeft: null,
  failure: null,
  succeeded: false,
}

export function generationReducer(state: GenerationState, action: GenerationAction): GenerationState {
  switch (action.type) {
    case 'submitted':
      return {
        ...initialGenerationState,
        phase: 'starting',
        run: state.run + 1,
        succeeded: state.succeeded,
        localModel: state.localModel,
      }
    case 'event':
      return applyEvent(state, action.event)
    case 'stopped':
      return isBusy(state) ? { ...state, phase: 'stopped' } : state
    case 'failed':
      // A failure after a few chunks leaves nothing worth keeping: the server stored nothing.
      return isBusy(state) ? { ...state, phase: 'failed', text: '', failure: action.failure } : state
  }
}

function applyEvent(state: GenerationState, event: GenerationEvent): GenerationState {
  if (!isBusy(state)) return state
  switch (event.type) {
    case 'started':
      return {
        ...state,
        phase: 'streaming',
        generationId: event.generationId,
        cost: event.cost,
        localModel: event.localModel,
      }
    case 'chunk':
      return { ...state, phase: 'streaming', text: state.text + event.text }
    case 'done':
      return {
        ...state,
        phase: 'done',
        generationId: event.generationId,
        output: event.output,
        creditsLeft: event.creditsLeft,
        succeeded: true,
      }
    case 'failed':
      // One variant of several failed (refunded); the others go on in their own states.
      return {
        ...state,
        phase: 'failed',
        generationId: event.generationId,
        text: '',
        failure: { message: event.message, outOfCredits: false },
      }
  }
}

export function isBusy(state: Pick<GenerationState, 'phase'>): boolean {
  return state.phase === 'starting' || state.phase === 'streaming'
}

/**
 * The HTML to render for the current state, always passed through core's sanitiser here, in the
 * browser, even though the server sanitised the stored output already (sanitised before
 * it is stored and again before it is rendered).
 */
export function resultHtml(state: Pick<GenerationState, 'output' | 'text'>, sanitize: Sanitize): string {
  return state.output !== null ? sanitize(state.output) : previewHtml(state.text, sanitize)
}

/** Whether the state holds anything to render (and so needs the sanitiser). */
export function hasResult(state: Pick<GenerationState, 'output' | 'text'>): boolean {
  return state.output !== null || state.text !== ''
}

/**
 * The live preview of text still arriving: a Markdown code fence around the HTML is dropped, a tag
 * cut in half at the end waits for the next chunk (so it never flashes as escaped text), and an
 * answer wrapped in JSON (`{"output": ...}`) shows only when done, when the server has unwrapped it.
 */
export function previewHtml(text: string, sanitize: Sanitize): string {
  let body = text.trimStart()
  if (body.startsWith('```')) {
    const lineEnd = body.indexOf('\n')
    body = lineEnd === -1 ? '' : body.slice(lineEnd + 1)
  }
  const fenceEnd = body.indexOf('```')
  if (fenceEnd !== -1) body = body.slice(0, fenceEnd)
  if (body.startsWith('{')) return ''
  const lastOpen = body.lastIndexOf('<')
  if (lastOpen > body.lastIndexOf('>')) body = body.slice(0, lastOpen)
  return sanitize(body)
}
