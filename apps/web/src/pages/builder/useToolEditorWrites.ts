import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import type { BuiltToolView } from '@promptly/api/tool-builder/tool-builder.schema'

import { toast } from '../../components/toast.ts'
import { writeClipboard } from '../../components/write-clipboard.ts'
import { toBuilderInput, type ToolDraft } from './tool-draft.ts'
import type { ToolForm } from './useToolForm.ts'
import { useDeleteTool, useSaveTool } from './useToolWrites.ts'
import { useUnsavedChangesGuard } from './useUnsavedChangesGuard.ts'

/**
 * The editor's save and delete, with what follows each (the toast, the move to the saved tool or
 * to a new draft), the delete question's state, and the guard that holds navigation away from
 * unsaved changes but lets the editor's own moves through.
 */
export function useToolEditorWrites(form: ToolForm, tool: BuiltToolView | undefined, isAdmin: boolean) {
  const { t } = useTranslation('admin')
  const navigate = useNavigate()
  const guard = useUnsavedChangesGuard(() => form.isDirty())
  const { save, saving } = useSaveTool(isAdmin)
  const { remove, deleting } = useDeleteTool(isAdmin)
  const [confirmDelete, setConfirmDelete] = useState(false)

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

  return { onSave, saving, onDelete, deleting, confirmDelete, setConfirmDelete, guard }
}
