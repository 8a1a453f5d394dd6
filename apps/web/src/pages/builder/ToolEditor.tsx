import { Alert, Button, Grid, Group, Paper, Stack } from '@mantine/core'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { BuiltToolView } from '@promptly/api/tool-builder/tool-builder.schema'

import { ConfirmModal } from '../../components/ConfirmModal.tsx'
import { toast } from '../../components/toast.ts'
import { writeClipboard } from '../../components/write-clipboard.ts'
import { BuilderSection as Section } from './BuilderSection.tsx'
import { FaqEditor } from './FaqEditor.tsx'
import { fieldDomId, focusFirstInvalid } from './field-ids.ts'
import { GroupBySelect } from './GroupBySelect.tsx'
import { GroupsEditor } from './GroupsEditor.tsx'
import { BUILDER_LABEL_OPTIONS, labelName } from './label-options.ts'
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

/** The builder's form beside its live preview (stacked on small screens). */
export function ToolEditor({ initial, tool, isAdmin }: ToolEditorProps) {
  const { t } = useTranslation('admin')
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
      toast.success(t('builder.editor.saved'), 'tool-saved')
      return
    }
    // The spec's create copies the new id; a refused clipboard only changes the toast.
    const copied = await writeClipboard(savedId)
    toast.success(
      t(copied ? 'builder.editor.createdCopied' : 'builder.editor.created', { id: savedId }),
      'tool-created',
    )
    guard.allowNextLeave()
    void navigate({ to: '/form', search: { id: savedId } })
  }

  const onDelete = async () => {
    if (!tool || !(await remove(tool.id))) return
    setConfirmDelete(false)
    toast.success(t('builder.editor.deleted', { name: tool.name }), 'tool-deleted')
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
            aria-label={t('builder.editor.formName')}
            onSubmit={form.onSubmit(
              (draft) => void onSave(draft),
              (errors) => {
                toast.error(t('builder.editor.invalidDraft'), 'tool-invalid')
                // The messages render first (some, like a group's, are not on the page before), then
                // the first field to fix takes the focus.
                afterRender(() => focusFirstInvalid(Object.keys(errors)))
              },
            )}
          >
            <Stack gap="xl">
              {readOnly && (
                <Alert color="violet" variant="light" radius="md" title={t('builder.editor.readOnlyTitle')}>
                  {t('builder.editor.readOnly')}
                </Alert>
              )}
              <Section name="details" title={t('builder.editor.details')}>
                <ToolDetailsFields form={form} />
                <LabelPicker
                  id={fieldDomId('labels')}
                  label={t('builder.labels.label')}
                  description={t('builder.labels.hint')}
                  options={BUILDER_LABEL_OPTIONS}
                  value={values.labels}
                  onChange={setLabels}
                  nameOf={(label) => labelName(t, label)}
                  error={form.errors.labels}
                />
                <GroupBySelect form={form} />
                <LogoPicker form={form} />
              </Section>
              <Section name="form" title={t('builder.editor.form')}>
                <GroupsEditor form={form} />
              </Section>
              <Section name="faq" title={t('builder.editor.faq')}>
                <FaqEditor form={form} />
              </Section>
              <Paper withBorder radius="lg" p="md">
                <Group justify="space-between">
                  <Group>
                    <Button type="submit" loading={saving} disabled={readOnly}>
                      {tool ? t('builder.editor.saveChanges') : t('builder.editor.create')}
                    </Button>
                    {tool && (
                      <Button variant="light" color="red" disabled={readOnly} onClick={() => setConfirmDelete(true)}>
                        {t('builder.editor.delete')}
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
        title={t('builder.editor.deleteTitle')}
        cancelLabel={t('builder.editor.deleteCancel')}
        confirmLabel={t('builder.editor.deleteConfirm')}
        busy={deleting}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirmDelete(false)}
      >
        {t('builder.editor.deleteBody', { name: tool?.name ?? '' })}
      </ConfirmModal>
      <ConfirmModal
        opened={guard.blocked}
        title={t('builder.leave.title')}
        cancelLabel={t('builder.leave.stay')}
        confirmLabel={t('builder.leave.leave')}
        onConfirm={guard.leave}
        onCancel={guard.stay}
      >
        {t('builder.leave.body')}
      </ConfirmModal>
    </>
  )
}
