import { createFileRoute } from '@tanstack/react-router'
import { usePageTitle } from '../components/usePageTitle.ts'
import { HistoryPage } from '../history/HistoryPage.tsx'
import { RequireSignIn } from '../navigation/RequireSignIn.tsx'

export const Route = createFileRoute('/history')({
  component: HistoryRoute,
})

/** Signed-in only, like /profile: signed-out visitors go to /login with 'Login to continue...'. */
function HistoryRoute() {
  usePageTitle('History')
  return (
    <RequireSignIn>
      <HistoryPage />
    </RequireSignIn>
  )
}
