import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { ListVoicesOutput } from '@promptly/api/voices/list.schema'
import type { BrandVoice } from '@promptly/api/voices/voice.schema'

import { LoadFailedNote } from '../../../components/LoadFailedNote.tsx'
import { SectionCard } from '../../../components/SectionCard.tsx'
import { toast } from '../../../components/toast.ts'
import { BrandVoiceFormModal, type VoiceEditor } from './BrandVoiceFormModal.tsx'
import { BrandVoiceList } from './BrandVoiceList.tsx'
import { DeleteBrandVoiceModal } from './DeleteBrandVoiceModal.tsx'
import { useBrandVoiceList, useDeleteBrandVoice } from './useBrandVoices.ts'
import {
  BRAND_VOICES_HEADING_ID,
  editVoiceButtonId,
  focusAfterDelete,
  NEW_VOICE_BUTTON_ID,
  useFocusWhenShown,
} from './voice-focus-targets.ts'

const LIMIT_REASON_ID = 'brand-voice-limit-reason'

/**
 * The caller's brand voices (profile): how their brand sounds, saved to be picked on any tool. Add
 * (up to the server's limit), edit, delete after a confirmation.
 */
export function BrandVoicesSection() {
  const { t } = useTranslation('account')
  const voices = useBrandVoiceList()
  return (
    <SectionCard aria-labelledby={BRAND_VOICES_HEADING_ID}>
      <Stack gap="lg">
        <Stack gap={4}>
          {/* Focusable from script: where the focus lands when the last voice goes and New is not offered. */}
          <Title order={2} size="h3" id={BRAND_VOICES_HEADING_ID} tabIndex={-1}>
            {t('profile.brandVoices.heading')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('profile.brandVoices.intro')}
          </Text>
        </Stack>
        {voices.isPending ? (
          <Skeleton height={72} radius="md" aria-label={t('profile.brandVoices.loading')} role="status" />
        ) : voices.isError ? (
          <LoadFailedNote message={t('profile.brandVoices.loadFailed')} onRetry={() => void voices.refetch()} />
        ) : (
          <ManageBrandVoices list={voices.data} />
        )}
      </Stack>
    </SectionCard>
  )
}

/**
 * The count, New voice, the list, and the dialogs. After a save the focus goes to the saved voice's
 * Edit, after a delete to a neighbour (voice-focus-targets.ts); Cancel returns it to the opener.
 */
function ManageBrandVoices({ list }: { list: ListVoicesOutput }) {
  const { t } = useTranslation('account')
  const focusWhenShown = useFocusWhenShown()
  const [editor, setEditor] = useState<VoiceEditor>({ opened: false, voice: null, session: 0 })
  const [deleting, setDeleting] = useState<BrandVoice | null>(null)
  const remove = useDeleteBrandVoice()

  const openEditor = (voice: BrandVoice | null) =>
    setEditor((current) => ({ opened: true, voice, session: current.session + 1 }))
  const closeEditor = () => setEditor((current) => ({ ...current, opened: false }))
  const onSaved = (voice: BrandVoice) => {
    toast.success(t('profile.brandVoices.saved', { name: voice.name }))
    focusWhenShown(editVoiceButtonId(voice.id))
    closeEditor()
  }
  const confirmDelete = () => {
    if (!deleting) return
    const { id, name } = deleting
    const next = focusAfterDelete(list.voices, id, list.limit > 0)
    remove.mutate(
      { id },
      {
        onSuccess: () => {
          toast.success(t('profile.brandVoices.deleted', { name }), `voice-deleted-${id}`)
          focusWhenShown(next)
          setDeleting(null)
        },
      },
    )
  }

  return (
    <>
      <VoiceCountAndNew count={list.voices.length} limit={list.limit} onNew={() => openEditor(null)} />
      <BrandVoiceList voices={list.voices} onEdit={openEditor} onDelete={setDeleting} />
      <BrandVoiceFormModal editor={editor} onSaved={onSaved} onClose={closeEditor} />
      <DeleteBrandVoiceModal
        voiceName={deleting?.name ?? null}
        deleting={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  )
}

/**
 * "3 of 10 voices" and New voice; at the limit New is disabled and the reason is said beside it
 * (and tied to it, for a screen reader that finds the button). A limit of 0: voices are off here.
 */
function VoiceCountAndNew({ count, limit, onNew }: { count: number; limit: number; onNew: () => void }) {
  const { t } = useTranslation('account')
  if (limit === 0) return <Text size="sm">{t('profile.brandVoices.turnedOff')}</Text>
  const full = count >= limit
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" role="status">
          {t('profile.brandVoices.count', { count, limit })}
        </Text>
        <Button
          id={NEW_VOICE_BUTTON_ID}
          onClick={onNew}
          disabled={full}
          aria-describedby={full ? LIMIT_REASON_ID : undefined}
        >
          {t('profile.brandVoices.new')}
        </Button>
      </Group>
      {full && (
        <Text size="sm" id={LIMIT_REASON_ID}>
          {t('profile.brandVoices.atLimit', { count: limit })}
        </Text>
      )}
    </Stack>
  )
}
