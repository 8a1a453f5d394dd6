import { Notifications } from '@mantine/notifications'

/** The toast renderer, split from the entry chunk (see Toaster). */
export default function ToastViewport() {
  return <Notifications position="top-center" autoClose={4000} limit={3} containerWidth={356} />
}
