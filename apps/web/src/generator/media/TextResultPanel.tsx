import type { TFunction } from 'i18next'

import { CopyButton } from '../CopyButton.tsx'
import type { GenerationFailure } from '../generation-state.ts'
import { requestPanelState, type MediaRequestState } from './media-screen.ts'
import { MediaResultPanel } from './MediaResultPanel.tsx'
import { resultLines } from './paraphrase-lines.ts'
import { ResultLines } from './ResultLines.tsx'

/**
 * A text tool's words for its result: the heading; what is said while the request runs, once it
 * succeeded, and when the text came back empty; and the lines' test id.
 */
export interface TextResultTexts {
  title: string
  busy: string
  ready: string
  empty: string
  testId: string
}

/** The dedicated text tools, each with its result texts under `generator.<tool>.…`. */
export type TextResultTool = 'paraphrase' | 'transcription'

/** A text tool's result panel texts, in the page's language; its output is `<tool>-output` to tests. */
export function textResultTexts(t: TFunction<'generator'>, tool: TextResultTool): TextResultTexts {
  return {
    title: t(`generator.${tool}.resultTitle`),
    busy: t(`generator.${tool}.busy`),
    ready: t(`generator.${tool}.ready`),
    empty: t(`generator.${tool}.empty`),
    testId: `${tool}-output`,
  }
}

interface TextResultPanelProps<Failure> {
  request: MediaRequestState<{ generationId: string; text: string }, Failure>
  describe: (error: Failure) => GenerationFailure
  texts: TextResultTexts
}

/** A dedicated tool's text answer (paraphrase, transcript): one paragraph per line and a copy button. */
export function TextResultPanel<Failure>({ request, describe, texts }: TextResultPanelProps<Failure>) {
  const lines = request.data ? resultLines(request.data.text) : []
  return (
    <MediaResultPanel
      title={texts.title}
      {...requestPanelState(request, describe, texts)}
      actions={request.data && <CopyButton getText={() => lines.join('\n')} />}
    >
      <ResultLines lines={lines} testId={texts.testId} done={request.isSuccess} emptyMessage={texts.empty} />
    </MediaResultPanel>
  )
}
