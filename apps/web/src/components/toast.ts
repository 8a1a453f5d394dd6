import { notifications } from '@mantine/notifications'

/**
 * Toasts (spec section 4: top-center, 4 s, at most 3 visible; see AppProviders). An id makes a
 * repeated toast (a guard re-running, React StrictMode) show once.
 */
export const toast = {
  error(message: string, id?: string) {
    notifications.show({ id, message, color: 'red', withBorder: true })
  },
  success(message: string, id?: string) {
    notifications.show({ id, message, color: 'teal', withBorder: true })
  },
  info(message: string, id?: string) {
    notifications.show({ id, message, color: 'violet', withBorder: true })
  },
}
