import { Group, Loader, Stack, Text, Title, Typography } from '@mantine/core'
import type { TFunction } from 'i18next'
import { useRef, type Ref } from 'react'
import { useTranslation } from 'react-i18next'

import { SectionCard } from '../components/SectionCard.tsx'
import { useFormat, type Formats } from '../i18n/useFormat.ts'
import { renderedText } from './copy-text.ts'
import { CopyButton } from './CopyButton.tsx'
import { FailureNotice } from './FailureNotice.tsx'
import { hasResult, isBusy, resultHtml, type GenerationState } from './generation-state.ts'
import { useSanitizer } from './result-sanitizer.ts'

/**
 * 'Your Pitch': the result filling in as the text streams, with a spinner until the first words,
 * a copy button, what happened when it did not work, and the way to more credits when they ran out.
 * The HTML is sanitised again right here, before it reaches the DOM (see resultHtml); until the
 * sanitiser is in (result-sanitizer.ts), the spinner stays.
 */
export function ResultPanel({ state, ref }: { state: GenerationState; ref?: Ref<HTMLDivElement> }) {
  const { t } = useTranslation('generator')
  const format = useFormat()
  const outputRef = useRef<HTMLDivElement>(null)
  // Rendered straight from the state, not through useDeferredValue: on a slow device every new chunk
  // abandoned the deferred render, so the text appeared only once the stream had ended. Bursts stay
  // cheap without it: React renders once for the chunks that arrive together, and the server joins
  // the pieces that pile up while the client is busy.
  const sanitize = useSanitizer(hasResult(state))
  const html = sanitize ? resultHtml(state, sanitize) : ''
  const busy = isBusy(state)
  const waiting = (busy && html === '') || (hasResult(state) && !sanitize)

  return (
    <SectionCard ref={ref} aria-labelledby="result-heading">
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id="result-heading">
            {t('generator.result.title')}
          </Title>
          <CopyButton getText={() => renderedText(outputRef.current)} disabled={html === '' || busy} />
        </Group>
        {waiting && (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">
              {state.phase === 'starting' ? t('generator.result.starting') : t('generator.result.writing')}
            </Text>
          </Group>
        )}
        {state.phase === 'failed' && state.failure && (
          <FailureNotice message={state.failure.message} outOfCredits={state.failure.outOfCredits} />
        )}
        {state.phase === 'stopped' && (
          <Text c="dimmed" role="status">
            {t('generator.result.stopped')}
          </Text>
        )}
        {state.phase === 'idle' && <Text c="dimmed">{t('generator.result.idle')}</Text>}
        <Typography>
          <div
            ref={outputRef}
            data-testid="generation-output"
            aria-busy={busy}
            // resultHtml() returns core's sanitiser's output: allow-listed formatting tags only.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </Typography>
        {state.phase === 'done' && (
          <Text size="sm" c="dimmed" role="status">
            {doneText(state, t, format)}
          </Text>
        )}
      </Stack>
    </SectionCard>
  )
}

/** 'Done: 1 credit used, 29 left.', each part said only when the stream reported it. */
function doneText(
  { cost, creditsLeft }: Pick<GenerationState, 'cost' | 'creditsLeft'>,
  t: TFunction<'generator'>,
  format: Formats,
) {
  const left = creditsLeft !== null ? format.number(creditsLeft) : null
  if (cost === null) return left === null ? t('generator.result.done') : t('generator.result.doneLeft', { left })
  const credits = format.number(cost)
  return left === null
    ? t('generator.result.doneUsed', { count: cost, credits })
    : t('generator.result.doneUsedLeft', { count: cost, credits, left })
}
