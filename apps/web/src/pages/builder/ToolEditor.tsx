import { Alert, Button, Grid, Group, Paper, Stack } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'

import type { BuiltToolView } from '@promptly/api/tool-builder/tool-builder.schema'

import { ConfirmModal } from '../../components/ConfirmModal.tsx'
import { toast } from '../../components/toast.ts'
import { BuilderSection as Section } from './BuilderSection.tsx'
import { FaqEditor } from './FaqEditor.tsx'
import { fieldDomId, focusFirstInvalid } from './field-ids.ts'
import { GroupBySelect } from './GroupBySelect.tsx'
import { GroupsEditor } from './GroupsEditor.tsx'
import { BUILDER_LABEL_OPTIONS } from './label-options.ts'
import { LabelPicker } from './LabelPicker.tsx'
import { LogoPicker } from './LogoPicker.tsx'
import { PublishSwitch } from './PublishSwitch.tsx'
import { toBuilderInput, type ToolDraft } from './tool-draft.ts'
import { ToolDetailsFields } from './ToolDetailsFields.tsx'
import { ToolPreview } from './ToolPreview.tsx'
import { useAfterRender } from './useAfterRender.ts'
import { useToolForm } from './useToolForm.ts'
import { useDeleteTool, useSaveTool } from './useToolWrites.ts'
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.ts'

interface ToolEditorProps {
  initial: ToolDraft
  /** The saved tool being edited; undefined for a new one. */
  tool: BuiltToolView | undefined
  isAdmin: boolean
}

export const INVALID_DRAFT = 'Some fields need your attention before the tool can be saved.'

/** Copies the new id (spec: a 201 on create copies the id); a refused clipboard only changes the toast. */
async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text)
    return true
  } catch {
    return false
  }
}

/** The builder's form beside its live preview (stacked on small screens). */
export function ToolEditor({ initial, tool, isAdmin }: ToolEditorProps) {
  const form = useToolForm(initial, tool?.kind ?? 'generic')
  const navigate = useNavigate()
  const guard = useUnsavedChangesGuard(() => form.isDirty())
  const { save, saving } = useSaveTool(isAdmin)
  const { remove, deleting } = useDeleteTool(isAdmin)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const afterRender = useAfterRender()
  const values = form.getValues()
  // A user's tool that an admin put in the catalogue is the admin's to change now (the API says so too).
  const readOnly = !isAdmin && tool?.published === true

  const onSave = async (draft: ToolDraft) => {
    const savedId = await save(tool?.id, toBuilderInput(draft))
    if (savedId === null) return
    if (tool) {
      form.resetDirty(draft)
      toast.success('Tool saved', 'tool-saved')
      return
    }
    const copied = await copyToClipboard(savedId)
    toast.success(
      copied ? `Tool created: ${savedId} (id copied to the clipboard)` : `Tool created: ${savedId}`,
      'tool-created',
    )
    guard.allowNextLeave()
    void navigate({ to: '/form', search: { id: savedId } })
  }

  const onDelete = async () => {
    if (!tool || !(await remove(tool.id))) return
    setConfirmDelete(false)
    toast.success(`“${tool.name}” deleted`, 'tool-deleted')
    guard.allowNextLeave()
    void navigate({ to: '/form', search: {} })
  }

  const setLabels = (labels: string[]) => {
    form.setFieldValue('labels', labels)
    if (!labels.includes(form.getValues().groupBy)) form.setFieldValue('groupBy', labels[0] ?? '')
  }

  return (
    <>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <form
            noValidate
            aria-label="Tool"
            onSubmit={form.onSubmit(
              (draft) => void onSave(draft),
              (errors) => {
                toast.error(INVALID_DRAFT, 'tool-invalid')
                // The messages render first (some, like a group's, are not on the page before), then
                // the first field to fix takes the focus.
                afterRender(() => focusFirstInvalid(Object.keys(errors)))
              },
            )}
          >
            <Stack gap="xl">
              {readOnly && (
                <Alert color="violet" variant="light" radius="md" title="In the catalogue">
                  An admin published this tool, so only an admin can change or delete it now.
                </Alert>
              )}
              <Section title="Details">
                <ToolDetailsFields form={form} />
                <LabelPicker
                  id={fieldDomId('labels')}
                  label="Labels"
                  description="The categories the tool is listed under; type to search, arrows and Enter to pick"
                  options={BUILDER_LABEL_OPTIONS}
                  value={values.labels}
                  onChange={setLabels}
                  error={form.errors.labels}
                />
                <GroupBySelect form={form} />
                <LogoPicker form={form} />
              </Section>
              <Section title="Form">
                <GroupsEditor form={form} />
              </Section>
              <Section title="FAQ">
                <FaqEditor form={form} />
              </Section>
              <Paper withBorder radius="lg" p="md">
                <Group justify="space-between">
                  <Group>
                    <Button type="submit" loading={saving} disabled={readOnly}>
                      {tool ? 'Save changes' : 'Create tool'}
                    </Button>
                    {tool && (
                      <Button variant="light" color="red" disabled={readOnly} onClick={() => setConfirmDelete(true)}>
                        Delete
                      </Button>
                    )}
                  </Group>
                  {isAdmin && tool && <PublishSwitch tool={tool} />}
                </Group>
              </Paper>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ToolPreview draft={values} kind={tool?.kind ?? 'generic'} savedId={tool?.id} unsaved={form.isDirty()} />
        </Grid.Col>
      </Grid>
      <ConfirmModal
        opened={confirmDelete}
        title="Delete this tool?"
        confirmLabel="Delete tool"
        busy={deleting}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirmDelete(false)}
      >
        “{tool?.name ?? ''}” will be removed for everyone, with its bookmarks. This cannot be undone.
      </ConfirmModal>
      <ConfirmModal
        opened={guard.blocked}
        title="Leave without saving?"
        cancelLabel="Stay"
        confirmLabel="Leave"
        onConfirm={guard.leave}
        onCancel={guard.stay}
      >
        Your changes to this tool have not been saved and will be lost.
      </ConfirmModal>
    </>
  )
}
