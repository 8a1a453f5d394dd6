import { createFileRoute } from '@tanstack/react-router'

import { AdminPage } from '../../pages/admin/AdminPage.tsx'

export const Route = createFileRoute('/_authed/admin')({
  staticData: { adminOnly: true },
  component: AdminPage,
})
