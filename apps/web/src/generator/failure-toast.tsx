import { Stack, Text } from '@mantine/core'
import { Trans } from 'react-i18next'

import { toast } from '../components/toast.ts'
import { ToastLink } from '../components/ToastLink.tsx'
import type { GenerationFailure } from './generation-state.ts'

/**
 * Toasts a failed generation (spec section 8). Out of credits, the toast also carries the way to
 * more, a real link to the plans, as the result panel's notice does (FailureNotice).
 */
export function toastFailure(failure: GenerationFailure, id: string): void {
  toast.error(failure.outOfCredits ? <OutOfCreditsToast message={failure.message} /> : failure.message, id)
}

function OutOfCreditsToast({ message }: { message: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm">{message}</Text>
      <Text size="sm">
        <Trans ns="generator" i18nKey="generator.failure.upgrade" components={{ anchor: <ToastLink to="/plan" /> }} />
      </Text>
    </Stack>
  )
}
