import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'

import type { ToolKind } from '@promptly/core/catalogue/tool'

import { ToolLogo } from '../../catalogue/ToolLogo.tsx'
import { toast } from '../../components/toast.ts'
import { initialFormValues } from '../../generator/form-model.ts'
import { GeneratorForm } from '../../generator/GeneratorForm.tsx'
import { ResultPanel } from '../../generator/ResultPanel.tsx'
import { ToolFaq } from '../../generator/ToolFaq.tsx'
import { runsBusy } from '../../generator/variant-runs.ts'
import { previewFaq, previewGroups, type ToolDraft } from './tool-draft.ts'
import { useTryTool } from './useTryTool.ts'

interface ToolPreviewProps {
  draft: ToolDraft
  kind: ToolKind
  /** The saved tool 'Try it' runs; undefined before the first save. */
  savedId: string | undefined
  /** The draft differs from the saved tool: 'Try it' would run something else than what is shown. */
  unsaved: boolean
}

/**
 * The tool as users will see it on /generate, drawn by the generator's own form component from the
 * current draft, and 'Try it', which runs the saved tool like any generation, charged to the caller.
 */
export function ToolPreview({ draft, kind, savedId, unsaved }: ToolPreviewProps) {
  const { t } = useTranslation('admin')
  const untitled = t('builder.preview.untitledField')
  const groups = useMemo(() => previewGroups(draft, untitled), [draft, untitled])
  const { state, start, stop } = useTryTool()
  // The preview runs one variant: the first slot is the whole result.
  const [preview] = state.slots
  const canTry = savedId !== undefined && !unsaved
  // The generator's form takes its values once: a changed form is a new one.
  const formKey = JSON.stringify(groups)

  return (
    <Paper component="section" aria-labelledby="preview-heading" withBorder radius="lg" p="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} id="preview-heading">
            {t('builder.preview.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {canTry ? t('builder.preview.canTry') : t('builder.preview.howItLooks')}
          </Text>
        </Stack>
        <Group gap="md" wrap="nowrap" align="center">
          <ToolLogo key={draft.logo} src={draft.logo} name={draft.name} size={48} />
          <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }} data-testid="preview-name">
            {draft.name.trim() || t('builder.preview.untitledTool')}
          </Text>
        </Group>
        {draft.description.trim() !== '' && <Text c="dimmed">{draft.description}</Text>}
        {kind !== 'generic' ? (
          <Alert color="violet" variant="light" radius="md">
            {t('builder.preview.ownScreen')}
          </Alert>
        ) : groups.length === 0 ? (
          <Text c="dimmed">{t('builder.preview.noForm')}</Text>
        ) : (
          <GeneratorForm
            key={formKey}
            groups={groups}
            initialValues={initialFormValues(groups)}
            busy={runsBusy(state)}
            submitLabel={t('builder.preview.tryIt')}
            onGenerate={(values) => {
              if (!canTry || savedId === undefined)
                toast.info(t('builder.preview.saveBeforeTrying'), 'save-before-trying')
              else void start({ toolId: savedId, groups: values })
            }}
            onStop={stop}
          />
        )}
        {preview && preview.phase !== 'idle' && <ResultPanel state={preview} />}
        <ToolFaq faq={previewFaq(draft)} />
      </Stack>
    </Paper>
  )
}
