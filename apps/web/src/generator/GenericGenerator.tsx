import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import type { ToolDetail } from '@promptly/api/tools/tool.schema'

import { RunOnManyRowsLink } from '../bulk/RunOnManyRowsLink.tsx'
import { SectionCard } from '../components/SectionCard.tsx'
import { useSignInToAct } from '../navigation/useSignInToAct.ts'
import type { GeneratorFormValues } from './form-model.ts'
import { isBusy } from './generation-state.ts'
import { GeneratorForm } from './GeneratorForm.tsx'
import { ResultPanel } from './ResultPanel.tsx'
import { scrollToResult } from './scroll-to-result.ts'
import { useGeneration, type UseGenerationOptions } from './useGeneration.ts'

interface GenericGeneratorProps extends UseGenerationOptions {
  tool: Pick<ToolDetail, 'id' | 'groups'>
  initialValues: GeneratorFormValues
  /** Reports whether the running server uses the built-in local model (from the 'started' event). */
  onLocalModel?: (localModel: boolean) => void
}

/**
 * The form of a generic tool and its result panel ('Your Pitch'), wired to `generation.run`, with the
 * way to run the same tool over many rows (/bulk).
 */
export function GenericGenerator({ tool, initialValues, run, onSettled, onLocalModel }: GenericGeneratorProps) {
  const { t } = useTranslation('generator')
  const { state, start, stop } = useGeneration({ run, ...(onSettled ? { onSettled } : {}) })
  const signInToAct = useSignInToAct()
  const panelRef = useRef<HTMLDivElement>(null)
  const scrolledRun = useRef(0)

  // Once per generation, as soon as the result has something to show (the first words, or the whole
  // answer at once), the page glides to 200 px above the panel (spec sections 4 and 9), so the text
  // can be read as it arrives.
  const hasResult = state.text !== '' || state.output !== null
  useEffect(() => {
    if (!hasResult || scrolledRun.current === state.run) return
    scrolledRun.current = state.run
    scrollToResult(panelRef.current)
  }, [hasResult, state.run])

  useEffect(() => {
    if (state.phase === 'streaming' || state.phase === 'done') onLocalModel?.(state.localModel)
  }, [state.phase, state.localModel, onLocalModel])

  return (
    <>
      <SectionCard aria-label={t('generator.form.label')}>
        <GeneratorForm
          groups={tool.groups}
          initialValues={initialValues}
          busy={isBusy(state)}
          submitLabel={state.succeeded ? t('generator.form.regenerate') : t('generator.form.generate')}
          onGenerate={(groups) => signInToAct(() => void start({ toolId: tool.id, groups }))}
          onStop={stop}
        />
        <RunOnManyRowsLink toolId={tool.id} />
      </SectionCard>
      <ResultPanel ref={panelRef} state={state} />
    </>
  )
}
