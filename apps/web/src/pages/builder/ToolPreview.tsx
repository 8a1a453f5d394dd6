import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { useMemo } from 'react'

import type { ToolKind } from '@promptly/core/catalogue/tool'

import { ToolLogo } from '../../catalogue/ToolLogo.tsx'
import { toast } from '../../components/toast.ts'
import { initialFormValues } from '../../generator/form-model.ts'
import { isBusy } from '../../generator/generation-state.ts'
import { GeneratorForm } from '../../generator/GeneratorForm.tsx'
import { ResultPanel } from '../../generator/ResultPanel.tsx'
import { ToolFaq } from '../../generator/ToolFaq.tsx'
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

export const SAVE_BEFORE_TRYING = 'Try it runs the saved tool: save your changes first.'

/**
 * The tool as users will see it on /generate, drawn by the generator's own form component from the
 * current draft, and 'Try it', which runs the saved tool like any generation, charged to the caller.
 */
export function ToolPreview({ draft, kind, savedId, unsaved }: ToolPreviewProps) {
  const groups = useMemo(() => previewGroups(draft), [draft])
  const { state, start, stop } = useTryTool()
  const canTry = savedId !== undefined && !unsaved
  // The generator's form takes its values once: a changed form is a new one.
  const formKey = JSON.stringify(groups)

  return (
    <Paper component="section" aria-labelledby="preview-heading" withBorder radius="lg" p="lg">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} id="preview-heading">
            Preview
          </Title>
          <Text size="sm" c="dimmed">
            {canTry
              ? 'Try it runs this tool as users will, charged to your credits.'
              : `This is how the form will look. ${SAVE_BEFORE_TRYING}`}
          </Text>
        </Stack>
        <Group gap="md" wrap="nowrap" align="center">
          <ToolLogo key={draft.logo} src={draft.logo} size={48} />
          <Text fw={700} size="xl" style={{ overflowWrap: 'anywhere' }} data-testid="preview-name">
            {draft.name.trim() || 'Untitled tool'}
          </Text>
        </Group>
        {draft.description.trim() !== '' && <Text c="dimmed">{draft.description}</Text>}
        {kind !== 'generic' ? (
          <Alert color="violet" variant="light" radius="md">
            This tool opens its own screen on /generate, not a form built here.
          </Alert>
        ) : groups.length === 0 ? (
          <Text c="dimmed">Add a group with an element to see the form.</Text>
        ) : (
          <GeneratorForm
            key={formKey}
            groups={groups}
            initialValues={initialFormValues(groups)}
            busy={isBusy(state)}
            submitLabel="Try it"
            onGenerate={(values) => {
              if (!canTry || savedId === undefined) toast.info(SAVE_BEFORE_TRYING, 'save-before-trying')
              else void start({ toolId: savedId, groups: values })
            }}
            onStop={stop}
          />
        )}
        {state.phase !== 'idle' && <ResultPanel state={state} />}
        <ToolFaq faq={previewFaq(draft)} />
      </Stack>
    </Paper>
  )
}
