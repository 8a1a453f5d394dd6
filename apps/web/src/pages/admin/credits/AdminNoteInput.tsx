import { TextInput, type TextInputProps } from '@mantine/core'

import { ADMIN_NOTE_MAX_LENGTH } from '@promptly/api/admin/credits-grant.schema'

/** The optional reason an admin gives for a credit change, kept in the audit log (the form's `note`). */
export function AdminNoteInput(props: TextInputProps) {
  return (
    <TextInput
      label="Note (optional)"
      description="Why, for the audit log"
      maxLength={ADMIN_NOTE_MAX_LENGTH}
      {...props}
    />
  )
}
