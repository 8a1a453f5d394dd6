import { Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, Typography } from '@mantine/core'
import IconRefresh from '@tabler/icons-react/dist/esm/icons/IconRefresh.mjs'
import IconStar from '@tabler/icons-react/dist/esm/icons/IconStar.mjs'
import { useMutation } from '@tanstack/react-query'
import { useRef, type Ref } from 'react'
import { useTranslation } from 'react-i18next'

import { SectionCard } from '../components/SectionCard.tsx'
import { toast } from '../components/toast.ts'
import { useTRPC } from '../trpc/client.ts'
import { renderedText } from './copy-text.ts'
import { CopyButton } from './CopyButton.tsx'
import { FailureNotice } from './FailureNotice.tsx'
import { hasResult, isBusy, resultHtml, type GenerationState } from './generation-state.ts'
import { useSanitizer } from './result-sanitizer.ts'

interface VariantsPanelProps {
  slots: readonly GenerationState[]
  kept: readonly string[]
  /** Any slot of the page is running: no other run may start. */
  busy: boolean
  onRegenerate: (slot: number) => void
  onKept: (generationId: string, kept: boolean) => void
  ref?: Ref<HTMLDivElement>
}

/**
 * The variants of one run side by side (stacked on phones), each filling in as it streams, with its
 * own Copy, Keep (marked in history) and "Regenerate this one".
 */
export function VariantsPanel({ slots, kept, busy, onRegenerate, onKept, ref }: VariantsPanelProps) {
  const { t } = useTranslation('generator')
  return (
    <SectionCard ref={ref} aria-labelledby="result-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="result-heading">
          {t('generator.variants.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: slots.length }} spacing="md">
          {slots.map((slot, index) => (
            <VariantCard
              // The slot is the variant's place on the page, whatever run filled it.
              key={index}
              index={index}
              slot={slot}
              kept={slot.generationId !== null && kept.includes(slot.generationId)}
              pageBusy={busy}
              onRegenerate={() => onRegenerate(index)}
              onKept={onKept}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </SectionCard>
  )
}

interface VariantCardProps {
  index: number
  slot: GenerationState
  kept: boolean
  pageBusy: boolean
  onRegenerate: () => void
  onKept: (generationId: string, kept: boolean) => void
}

function VariantCard({ index, slot, kept, pageBusy, onRegenerate, onKept }: VariantCardProps) {
  const { t } = useTranslation('generator')
  const trpc = useTRPC()
  const outputRef = useRef<HTMLDivElement>(null)
  const sanitize = useSanitizer(hasResult(slot))
  const html = sanitize ? resultHtml(slot, sanitize) : ''
  const busy = isBusy(slot)
  const waiting = (busy && html === '') || (hasResult(slot) && !sanitize)
  const keep = useMutation(
    trpc.generation.keep.mutationOptions({
      onSuccess: (answer) => onKept(answer.id, answer.kept),
      onError: (error) => toast.error(error.message || t('generator.variants.keepFailed'), 'keep-failed'),
    }),
  )
  const headingId = `variant-${index}-heading`
  const done = slot.phase === 'done' && slot.generationId !== null

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="center" wrap="nowrap">
          <Text fw={600} id={headingId}>
            {t('generator.variants.name', { number: index + 1 })}
            {kept && (
              <Text span c="teal" fw={500} ml="xs">
                {t('generator.variants.keptMark')}
              </Text>
            )}
          </Text>
        </Group>
        {waiting && (
          <Group gap="sm" role="status">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {slot.phase === 'starting' ? t('generator.result.starting') : t('generator.result.writing')}
            </Text>
          </Group>
        )}
        {slot.phase === 'failed' && slot.failure && (
          <FailureNotice message={slot.failure.message} outOfCredits={slot.failure.outOfCredits} />
        )}
        {slot.phase === 'stopped' && (
          <Text size="sm" c="dimmed" role="status">
            {t('generator.result.stopped')}
          </Text>
        )}
        <Typography>
          <div
            ref={outputRef}
            data-testid={`variant-output-${index + 1}`}
            aria-busy={busy}
            // resultHtml() returns core's sanitiser's output: allow-listed formatting tags only.
            dangerouslySetInnerHTML={{ __html: html }}
          />
        </Typography>
        <VariantActions
          index={index}
          html={html}
          busy={busy}
          pageBusy={pageBusy}
          kept={kept}
          keepable={done && !keep.isPending}
          getText={() => renderedText(outputRef.current)}
          onKeep={() => slot.generationId && keep.mutate({ id: slot.generationId, kept: !kept })}
          onRegenerate={onRegenerate}
        />
      </Stack>
    </Card>
  )
}

interface VariantActionsProps {
  index: number
  html: string
  busy: boolean
  pageBusy: boolean
  kept: boolean
  /** Finished and stored, and no mark on its way: Keep may be pressed. */
  keepable: boolean
  getText: () => string
  onKeep: () => void
  onRegenerate: () => void
}

/** A variant's Copy, Keep (a toggle, pressed when kept) and "Regenerate this one". */
function VariantActions(props: VariantActionsProps) {
  const { t } = useTranslation('generator')
  return (
    <Group gap="xs">
      <CopyButton getText={props.getText} disabled={props.html === '' || props.busy} />
      <Button
        variant={props.kept ? 'filled' : 'light'}
        color="teal"
        size="xs"
        leftSection={<IconStar size={14} aria-hidden />}
        aria-pressed={props.kept}
        disabled={!props.keepable}
        onClick={props.onKeep}
      >
        {t('generator.variants.keep')}
      </Button>
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconRefresh size={14} aria-hidden />}
        disabled={props.pageBusy}
        onClick={props.onRegenerate}
        aria-label={t('generator.variants.regenerateOne', { number: props.index + 1 })}
      >
        {t('generator.variants.regenerate')}
      </Button>
    </Group>
  )
}
