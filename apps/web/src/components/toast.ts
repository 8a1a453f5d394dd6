import { notifications } from '@mantine/notifications'
import type { ReactNode } from 'react'

/** The toasts a form raised about its own input: cleared once the input is fine or a run starts. */
const validationIds = new Set<string>()

/**
 * Toasts (spec section 4: top-center, 4 s, at most 3 visible; see AppProviders). An id makes a
 * repeated toast (a guard re-running, React StrictMode) show once. A message may hold a link
 * (ToastLink), for the one failure the user can act on right away.
 */
export const toast = {
  error(message: ReactNode, id?: string) {
    notifications.show({ id, message, color: 'red', withBorder: true })
  },
  success(message: string, id?: string) {
    notifications.show({ id, message, color: 'teal', withBorder: true })
  },
  info(message: string, id?: string) {
    notifications.show({ id, message, color: 'violet', withBorder: true })
  },
  /**
   * A form's complaint about what was typed ('{placeholder} is required'). Kept apart so it does not
   * linger beside a result: clearValidation() removes it once the form is valid or a run starts.
   */
  validation(message: string, id: string) {
    validationIds.add(id)
    notifications.show({ id, message, color: 'red', withBorder: true })
  },
  clearValidation() {
    for (const id of validationIds) notifications.hide(id)
    validationIds.clear()
  },
}
