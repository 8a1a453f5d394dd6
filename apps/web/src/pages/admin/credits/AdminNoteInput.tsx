import { TextInput, type TextInputProps } from '@mantine/core'

import { ADMIN_NOTE_MAX_LENGTH } from '@promptly/api/admin/credits-grant.schema'

import { useAdminText } from '../useAdminText.ts'

/** The optional reason an admin gives for a credit change, kept in the audit log (the form's `note`). */
export function AdminNoteInput(props: TextInputProps) {
  const { t } = useAdminText()
  return (
    <TextInput
      label={t('admin.credits.note.label')}
      description={t('admin.credits.note.description')}
      maxLength={ADMIN_NOTE_MAX_LENGTH}
      {...props}
    />
  )
}
