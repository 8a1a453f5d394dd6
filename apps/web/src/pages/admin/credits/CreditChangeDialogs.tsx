import { Modal } from '@mantine/core'

import type { AdminUser } from '../admin-types.ts'
import { useAdminText } from '../useAdminText.ts'
import { AddCreditsForm } from './AddCreditsForm.tsx'
import { RevokeCreditsSteps } from './RevokeCreditsSteps.tsx'

/** A change an admin asked to make to one account's credits. */
export interface CreditChange {
  kind: 'add' | 'revoke'
  user: AdminUser
}

/** Each change's dialog: its title, and what it shows for the account. */
const DIALOGS = {
  add: { title: 'admin.credits.add.title', Content: AddCreditsForm },
  revoke: { title: 'admin.credits.revoke.title', Content: RevokeCreditsSteps },
} as const

/**
 * The spec's Add Credits dialog and the two-step Revoke credits one, the dialog of `change` open.
 * Mantine traps focus inside and gives it back to the opener on close; the content is mounted per
 * opening, so each account starts from empty fields.
 */
export function CreditChangeDialogs({ change, onClose }: { change: CreditChange | null; onClose: () => void }) {
  const { t } = useAdminText()
  return Object.entries(DIALOGS).map(([kind, { title, Content }]) => {
    const user = change?.kind === kind ? change.user : null
    return (
      <Modal key={kind} opened={user !== null} onClose={onClose} title={t(title)} centered>
        {user && <Content user={user} onClose={onClose} />}
      </Modal>
    )
  })
}
