import { Modal } from '@mantine/core'
import type { ReactNode } from 'react'

import type { AdminUser } from '../admin-types.ts'

interface UserActionModalProps {
  title: string
  /** The account acted on; null closes the dialog. */
  user: AdminUser | null
  onClose: () => void
  /** The dialog's content, mounted per opening so that each account starts from empty fields. */
  children: (user: AdminUser) => ReactNode
}

/** A dialog about one account; Mantine traps focus inside and gives it back to the opener on close. */
export function UserActionModal({ title, user, onClose, children }: UserActionModalProps) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={title} centered>
      {user && children(user)}
    </Modal>
  )
}
