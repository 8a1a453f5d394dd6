import { createFileRoute } from '@tanstack/react-router'

import { PlanPage } from '../../pages/plan/PlanPage.tsx'

export const Route = createFileRoute('/_authed/plan')({ component: PlanPage })
