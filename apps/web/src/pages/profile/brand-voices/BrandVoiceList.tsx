import { Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden, type MantineColor } from '@mantine/core'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import type { BrandVoice } from '@promptly/api/voices/voice.schema'

import { useFormat } from '../../../i18n/useFormat.ts'
import classes from './brand-voices.module.css'
import { deleteVoiceButtonId, editVoiceButtonId } from './voice-focus-targets.ts'

interface BrandVoiceListProps {
  voices: readonly BrandVoice[]
  onEdit: (voice: BrandVoice) => void
  onDelete: (voice: BrandVoice) => void
}

/** The caller's voices by name, each with what it says and Edit and Delete; or a line saying there are none. */
export function BrandVoiceList({ voices, onEdit, onDelete }: BrandVoiceListProps) {
  const { t } = useTranslation('account')
  if (voices.length === 0) return <Text c="dimmed">{t('profile.brandVoices.empty')}</Text>
  return (
    <ul className={classes.voiceList} aria-label={t('profile.brandVoices.label')}>
      {voices.map((voice) => (
        <BrandVoiceCard key={voice.id} voice={voice} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </ul>
  )
}

/**
 * One voice: its name (a heading, to jump between voices), tone, audience and words. Its buttons
 * say which voice they act on ("Edit Workshop") for a screen reader; the name is already in view.
 */
function BrandVoiceCard({ voice, onEdit, onDelete }: { voice: BrandVoice } & Omit<BrandVoiceListProps, 'voices'>) {
  const { t } = useTranslation('account')
  const { date } = useFormat()
  return (
    <Paper component="li" withBorder radius="md" p="md" data-testid="brand-voice">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Title order={3} size="h5" className={classes.voiceName}>
              {voice.name}
            </Title>
            {voice.tone && <Text size="sm">{t('profile.brandVoices.tone', { tone: voice.tone })}</Text>}
            {voice.audience && (
              <Text size="sm" c="dimmed" className={classes.voiceName}>
                {t('profile.brandVoices.audience', { audience: voice.audience })}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            <Button id={editVoiceButtonId(voice.id)} size="xs" variant="light" onClick={() => onEdit(voice)}>
              {t('profile.brandVoices.edit')}
              <VisuallyHidden> {voice.name}</VisuallyHidden>
            </Button>
            <Button
              id={deleteVoiceButtonId(voice.id)}
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => onDelete(voice)}
            >
              {t('profile.brandVoices.delete')}
              <VisuallyHidden> {voice.name}</VisuallyHidden>
            </Button>
          </Group>
        </Group>
        <VoiceWords label={t('profile.brandVoices.wordsToUse')} words={voice.wordsToUse} color="teal" />
        <VoiceWords label={t('profile.brandVoices.wordsToAvoid')} words={voice.wordsToAvoid} color="red" />
        <Text size="xs" c="dimmed">
          {t('profile.brandVoices.updated', { when: date(voice.updatedAt) })}
        </Text>
      </Stack>
    </Paper>
  )
}

/**
 * Words to use or to avoid, as badges under their label. The dot's colour only echoes the label:
 * the text stays the page's own colour, readable on either scheme, and the label says which list it is.
 */
function VoiceWords({ label, words, color }: { label: string; words: readonly string[]; color: MantineColor }) {
  const labelId = useId()
  if (words.length === 0) return null
  return (
    <div className={classes.words}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <ul className={classes.wordList} aria-labelledby={labelId}>
        {words.map((word) => (
          <Badge key={word} component="li" variant="dot" color={color} tt="none" radius="sm" maw="100%">
            {word}
          </Badge>
        ))}
      </ul>
    </div>
  )
}
