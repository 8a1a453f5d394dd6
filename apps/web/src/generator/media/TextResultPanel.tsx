import { CopyButton } from '../CopyButton.tsx'
import type { GenerationFailure } from '../generation-state.ts'
import { requestPanelState, type MediaRequestState } from './media-screen.ts'
import { MediaResultPanel } from './MediaResultPanel.tsx'
import { resultLines } from './paraphrase-lines.ts'
import { ResultLines } from './ResultLines.tsx'

interface TextResultPanelProps<Failure> {
  title: string
  request: MediaRequestState<{ generationId: string; text: string }, Failure>
  describe: (error: Failure) => GenerationFailure
  /** Said while the request runs, once it succeeded, and when the text came back empty. */
  messages: { busy: string; ready: string; empty: string }
  testId: string
}

/** A dedicated tool's text answer (paraphrase, transcript): one paragraph per line and a copy button. */
export function TextResultPanel<Failure>({
  title,
  request,
  describe,
  messages,
  testId,
}: TextResultPanelProps<Failure>) {
  const lines = request.data ? resultLines(request.data.text) : []
  return (
    <MediaResultPanel
      title={title}
      {...requestPanelState(request, describe, messages)}
      actions={request.data && <CopyButton getText={() => lines.join('\n')} />}
    >
      <ResultLines lines={lines} testId={testId} done={request.isSuccess} emptyMessage={messages.empty} />
    </MediaResultPanel>
  )
}
