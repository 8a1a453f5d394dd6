import type { Viewer } from '@promptly/core/identity/user'

const PLAN_DESCRIPTIONS: Record<Viewer['plan'], string> = {
  free: 'Free trial',
  topup: 'Top-up',
  monthly: 'Monthly plan',
  yearly: 'Yearly plan',
}

/** The user's plan as the pages name it. */
export function planDescription(plan: Viewer['plan']): string {
  return PLAN_DESCRIPTIONS[plan]
}
