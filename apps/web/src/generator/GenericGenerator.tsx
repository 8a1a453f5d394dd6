import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { ToolDetail } from '@promptly/api/tools/tool.schema'
import type { GenerationValues } from '@promptly/core/generation/form-values'

import { RunOnManyRowsLink } from '../bulk/RunOnManyRowsLink.tsx'
import { SectionCard } from '../components/SectionCard.tsx'
import { useSignInToAct } from '../navigation/useSignInToAct.ts'
import type { GeneratorFormValues } from './form-model.ts'
import { hasResult } from './generation-state.ts'
import { GeneratorForm } from './GeneratorForm.tsx'
import { ResultPanel } from './ResultPanel.tsx'
import { RunOptions } from './RunOptions.tsx'
import { scrollToResult } from './scroll-to-result.ts'
import { useGeneration, type RunGenerationRequest, type UseGenerationOptions } from './useGeneration.ts'
import { anySucceeded, runsBusy } from './variant-runs.ts'
import { VariantsPanel } from './VariantsPanel.tsx'

interface GenericGeneratorProps extends UseGenerationOptions {
  tool: Pick<ToolDetail, 'id' | 'groups'>
  initialValues: GeneratorFormValues
  /** Reports whether the running server uses the built-in local model (from the 'started' event). */
  onLocalModel?: (localModel: boolean) => void
}

/**
 * The form of a generic tool and its result: one panel ('Your Pitch'), or the variants side by side
 * when more than one was asked for; wired to `generation.run`, with the brand voice picked, and the
 * way to run the same tool over many rows (/bulk).
 */
export function GenericGenerator({ tool, initialValues, run, onSettled, onLocalModel }: GenericGeneratorProps) {
  const { t } = useTranslation('generator')
  const { state, start, stop, markKept } = useGeneration({ run, ...(onSettled ? { onSettled } : {}) })
  const signInToAct = useSignInToAct()
  const panelRef = useRef<HTMLDivElement>(null)
  const scrolledRun = useRef(0)
  const [variants, setVariants] = useState(1)
  const [voiceId, setVoiceId] = useState<string | null>(null)
  // The last values sent: "Regenerate this one" runs them again into its own slot.
  const lastRequest = useRef<RunGenerationRequest | null>(null)
  const busy = runsBusy(state)
  const [first] = state.slots

  // Once per run, as soon as the result has something to show (the first words, or the whole
  // answer at once), the page glides to 200 px above the panel (spec sections 4 and 9), so the text
  // can be read as it arrives.
  const showsResult = state.slots.some(hasResult)
  useEffect(() => {
    if (!showsResult || scrolledRun.current === state.run) return
    scrolledRun.current = state.run
    scrollToResult(panelRef.current)
  }, [showsResult, state.run])

  const localModel = first?.localModel ?? false
  const reported = state.slots.some((slot) => slot.phase === 'streaming' || slot.phase === 'done')
  useEffect(() => {
    if (reported) onLocalModel?.(localModel)
  }, [reported, localModel, onLocalModel])

  const generate = useCallback(
    (request: RunGenerationRequest, slot?: number) =>
      signInToAct(() => {
        lastRequest.current = request
        void start(request, slot)
      }),
    [signInToAct, start],
  )
  // The form's props hold still while the answer streams (the state changes with every chunk), so the
  // memoised form is not rendered again for each one.
  const onGenerate = useCallback(
    (groups: GenerationValues) => generate({ toolId: tool.id, groups, n: variants, voiceId }),
    [generate, tool.id, variants, voiceId],
  )
  const runOptions = useMemo(
    () => (
      <RunOptions variants={variants} onVariants={setVariants} voiceId={voiceId} onVoice={setVoiceId} disabled={busy} />
    ),
    [variants, voiceId, busy],
  )

  return (
    <>
      <SectionCard aria-label={t('generator.form.label')}>
        <GeneratorForm
          groups={tool.groups}
          initialValues={initialValues}
          busy={busy}
          submitLabel={anySucceeded(state) ? t('generator.form.regenerate') : t('generator.form.generate')}
          onGenerate={onGenerate}
          onStop={stop}
          runOptions={runOptions}
        />
        <RunOnManyRowsLink toolId={tool.id} />
      </SectionCard>
      {state.slots.length > 1 ? (
        <VariantsPanel
          ref={panelRef}
          slots={state.slots}
          kept={state.kept}
          busy={busy}
          onRegenerate={(slot) => lastRequest.current && generate(lastRequest.current, slot)}
          onKept={markKept}
        />
      ) : (
        first && <ResultPanel ref={panelRef} state={first} />
      )}
    </>
  )
}
