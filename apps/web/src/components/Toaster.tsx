import { useNotifications } from '@mantine/notifications'
import { lazy, Suspense, useState } from 'react'

// The toast renderer (transitions, portal, swipe-to-dismiss) is fetched the first time a toast
// is shown; `notifications.show()` only writes to a small store, which keeps it until then.
const ToastViewport = lazy(() => import('./ToastViewport.tsx'))

/**
 * Toasts: top-center, 4 s, at most 3 at once, 356 px wide (spec section 4). `navigate` lets a link
 * inside a toast (ToastLink) move on without reloading the page.
 */
export function Toaster({ navigate }: { navigate?: (to: string) => void }) {
  const { notifications, queue } = useNotifications()
  const [needed, setNeeded] = useState(false)
  // Once mounted it stays mounted, so closing toasts can play their exit transition.
  if (!needed && (notifications.length > 0 || queue.length > 0)) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <ToastViewport navigate={navigate} />
    </Suspense>
  )
}
