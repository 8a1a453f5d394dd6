import { Alert, Stack } from '@mantine/core'
import { useTranslation } from 'react-i18next'

import type { BuiltToolView } from '@promptly/api/tool-builder/tool-builder.schema'

import { toast } from '../../components/toast.ts'
import { BuilderSection as Section } from './BuilderSection.tsx'
import { FaqEditor } from './FaqEditor.tsx'
import { focusFirstInvalid } from './field-ids.ts'
import { GroupBySelect } from './GroupBySelect.tsx'
import { GroupsEditor } from './GroupsEditor.tsx'
import { LogoPicker } from './LogoPicker.tsx'
import type { ToolDraft } from './tool-draft.ts'
import { ToolDetailsFields } from './ToolDetailsFields.tsx'
import { ToolEditorActions } from './ToolEditorActions.tsx'
import { ToolLabelsField } from './ToolLabelsField.tsx'
import { useAfterRender } from './useAfterRender.ts'
import type { ToolForm } from './useToolForm.ts'

interface ToolEditorFormProps {
  form: ToolForm
  /** The saved tool being edited; undefined for a new one. */
  tool: BuiltToolView | undefined
  isAdmin: boolean
  readOnly: boolean
  saving: boolean
  onSave: (draft: ToolDraft) => Promise<void>
  onAskDelete: () => void
}

/** The builder's form: its sections, and on a refused submit a toast and the focus on the first field to fix. */
export function ToolEditorForm({ form, tool, isAdmin, readOnly, saving, onSave, onAskDelete }: ToolEditorFormProps) {
  const { t } = useTranslation('admin')
  const afterRender = useAfterRender()
  return (
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
          <ToolLabelsField form={form} />
          <GroupBySelect form={form} />
          <LogoPicker form={form} />
        </Section>
        <Section name="form" title={t('builder.editor.form')}>
          <GroupsEditor form={form} />
        </Section>
        <Section name="faq" title={t('builder.editor.faq')}>
          <FaqEditor form={form} />
        </Section>
        <ToolEditorActions
          tool={tool}
          isAdmin={isAdmin}
          readOnly={readOnly}
          saving={saving}
          onAskDelete={onAskDelete}
        />
      </Stack>
    </form>
  )
}
