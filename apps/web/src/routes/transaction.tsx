import { createFileRoute } from '@tanstack/react-router'

import { SecureTransactionPage } from '../pages/info/SecureTransactionPage.tsx'

export const Route = createFileRoute('/transaction')({ component: SecureTransactionPage })
