import { Group, NativeSelect, SegmentedControl, Stack, Text } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { MAX_VARIANTS } from '@promptly/core/generation/variant-limits'

import { useIdentity } from '../identity/identity-context.ts'
import { useTRPC } from '../trpc/client.ts'

const NO_VOICE = ''

/** How many variants to write, side by side: 1 to MAX_VARIANTS, each charged the tool's cost. */
export function VariantCount({
  value,
  onChange,
  disabled,
}: {
  value: number
  onChange: (n: number) => void
  disabled: boolean
}) {
  const { t } = useTranslation('generator')
  const labelId = useId()
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {t('generator.variants.label')}
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        value={String(value)}
        onChange={(next) => onChange(Number(next))}
        disabled={disabled}
        data={Array.from({ length: MAX_VARIANTS }, (_, index) => ({
          value: String(index + 1),
          label: t('generator.variants.option', { count: index + 1 }),
        }))}
      />
    </Stack>
  )
}

/**
 * The brand voice to write in, for a signed-in user who has saved some (profile): starts on the one
 * they picked last, and remembers a new pick on the server for the next tool.
 */
export function VoicePicker({
  value,
  onChange,
  disabled,
}: {
  value: string | null
  onChange: (id: string | null) => void
  disabled: boolean
}) {
  const { t } = useTranslation('generator')
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const { status } = useIdentity()
  const voices = useQuery(trpc.voices.list.queryOptions(undefined, { enabled: status === 'signed-in', retry: false }))
  const pick = useMutation(
    trpc.voices.pick.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries(trpc.voices.list.pathFilter()),
    }),
  )
  const pickedId = voices.data?.pickedId ?? null
  const adopted = useRef(false)
  // The last pick is the starting point, once the list is in; the user's own choice wins after that.
  useEffect(() => {
    if (adopted.current || !voices.data) return
    adopted.current = true
    if (pickedId !== null && voices.data.voices.some((voice) => voice.id === pickedId)) onChange(pickedId)
  }, [voices.data, pickedId, onChange])

  if (!voices.data || voices.data.voices.length === 0) return null
  return (
    <NativeSelect
      label={t('generator.voice.label')}
      description={t('generator.voice.description')}
      data={[
        { value: NO_VOICE, label: t('generator.voice.none') },
        ...voices.data.voices.map((voice) => ({ value: voice.id, label: voice.name })),
      ]}
      value={value ?? NO_VOICE}
      disabled={disabled}
      onChange={(event) => {
        const next = event.currentTarget.value
        const id = next === NO_VOICE ? null : next
        onChange(id)
        pick.mutate({ id })
      }}
    />
  )
}

/** The run's options above the form's button: the variants, and the voice when there are voices. */
export function RunOptions(props: {
  variants: number
  onVariants: (n: number) => void
  voiceId: string | null
  onVoice: (id: string | null) => void
  disabled: boolean
}) {
  return (
    <Group align="flex-end" gap="lg" wrap="wrap">
      <VariantCount value={props.variants} onChange={props.onVariants} disabled={props.disabled} />
      <VoicePicker value={props.voiceId} onChange={props.onVoice} disabled={props.disabled} />
    </Group>
  )
}
