import { useMutation } from '@tanstack/react-query'
import { useEffect } from 'react'

import { isUuid } from '@promptly/core/text/uuid'

import { useTRPC } from '../trpc/client.ts'

/** Referrals already reported from this tab (visitor and referrer), so re-renders and StrictMode call once. */
const reported = new Set<string>()

/**
 * A signed-in visitor opened a share link (`?reffered=<referrer id>`): tell the server once. The
 * server owns every rule (self-referral, repeats, the daily cap) and rewards the referrer; the
 * visitor sees nothing either way. An id that cannot be a user id, or the visitor's own, is not sent.
 */
export function useReferralRegistration(referrerId: string | undefined, viewerId: string | undefined): void {
  const trpc = useTRPC()
  const { mutate } = useMutation(trpc.referrals.register.mutationOptions())

  useEffect(() => {
    if (!referrerId || !viewerId || referrerId === viewerId) return
    if (!isUuid(referrerId)) return
    const key = `${viewerId} ${referrerId}`
    if (reported.has(key)) return
    reported.add(key)
    mutate({ referrerId })
  }, [referrerId, viewerId, mutate])
}

/** Tests only: forget what was reported. */
export function resetReportedReferrals(): void {
  reported.clear()
}
