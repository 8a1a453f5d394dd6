import { Grid } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { BuiltToolView } from '@promptly/api/tool-builder/tool-builder.schema'

import { ConfirmModal } from '../../components/ConfirmModal.tsx'
import type { ToolDraft } from './tool-draft.ts'
import { ToolEditorForm } from './ToolEditorForm.tsx'
import { ToolPreview } from './ToolPreview.tsx'
import { useToolEditorWrites } from './useToolEditorWrites.ts'
import { useToolForm } from './useToolForm.ts'

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
  const writes = useToolEditorWrites(form, tool, isAdmin)
  const { guard } = writes
  const values = form.getValues()
  // A user's tool that an admin put in the catalogue is the admin's to change now (the API says so too).
  const readOnly = !isAdmin && tool?.published === true

  return (
    <>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <ToolEditorForm
            form={form}
            tool={tool}
            isAdmin={isAdmin}
            readOnly={readOnly}
            saving={writes.saving}
            onSave={writes.onSave}
            onAskDelete={() => writes.setConfirmDelete(true)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ToolPreview draft={values} kind={tool?.kind ?? 'generic'} savedId={tool?.id} unsaved={form.isDirty()} />
        </Grid.Col>
      </Grid>
      <ConfirmModal
        opened={writes.confirmDelete}
        title={t('builder.editor.deleteTitle')}
        cancelLabel={t('builder.editor.deleteCancel')}
        confirmLabel={t('builder.editor.deleteConfirm')}
        busy={writes.deleting}
        onConfirm={() => void writes.onDelete()}
        onCancel={() => writes.setConfirmDelete(false)}
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
