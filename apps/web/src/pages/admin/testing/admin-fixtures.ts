import { fakeApi } from '../../../test/fake-api.ts'
import { ADA } from '../../../test/render.tsx'
import type { AdminUser, PlanOffer, Stats, StatsDay, UserDetail } from '../admin-types.ts'

/** Identity and header calls every signed-in page makes; the viewer is an admin. */
const LOCAL_CONFIG = { identity: 'local', clerkPublishableKey: null, localModel: true }
export const ADMIN_VIEWER = { ...ADA, id: '00000000-0000-4000-8000-0000000000ad', isAdmin: true, role: 'admin' }

/** The fake server for /admin: the admin's session plus `procedures`. */
export function adminServer(procedures: Record<string, unknown>) {
  return fakeApi({
    'system.config': LOCAL_CONFIG,
    'auth.me': ADMIN_VIEWER,
    'credits.limits': { plan: 'free', current_limit: 30, max_limit: 30 },
    ...procedures,
  })
}

export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: '5f0d7c5e-1b7e-4c43-9a55-3f1f0f0e2a11',
    clerkId: 'local_grace',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    current_limit: 30,
    max_limit: 30,
    plan: 'free',
    planValidTill: new Date('2026-12-01T00:00:00Z'),
    role: 'user',
    emailVerified: true,
    joinedAt: new Date('2026-11-01T10:00:00Z'),
    lastActiveAt: null,
    ...overrides,
  }
}

/** `count` users numbered from `from` (names "User 001"...), ids unique. */
export function numberedUsers(count: number, from = 1): AdminUser[] {
  return Array.from({ length: count }, (_, index) => {
    const n = String(from + index).padStart(3, '0')
    return adminUser({
      _id: `00000000-0000-4000-8000-000000000${n}`,
      clerkId: `local_${n}`,
      name: `User ${n}`,
      email: `user-${n}@example.com`,
    })
  })
}

export function userDetail(user: AdminUser, overrides: Partial<UserDetail> = {}): UserDetail {
  return { user, ledger: [], generations: [], purchases: [], ...overrides }
}

export const PLAN_OFFERS: PlanOffer[] = [
  offer({ key: 'TOPUP', name: 'Credit Top-up', priceCents: 499, credits: 100, validityDays: null }),
  offer({ key: 'MONTHLY', name: 'Monthly', priceCents: 1499, credits: 1000, validityDays: 30 }),
  offer({ key: 'YEARLY', name: 'Yearly', priceCents: 14999, credits: 14000, validityDays: 365, active: false }),
]

function offer(
  fields: Pick<PlanOffer, 'key' | 'name' | 'priceCents' | 'credits' | 'validityDays'> & Partial<PlanOffer>,
) {
  return { currency: 'usd', active: true, updatedAt: new Date('2026-11-01T00:00:00Z'), ...fields }
}

const ZERO = { generations: 0, succeeded: 0, failed: 0, failureRate: 0, creditsSpent: 0, signUps: 0, revenueCents: 0 }

/** A stats answer over the days given (oldest first), each with zeros unless `figures` says otherwise. */
export function statsAnswer(
  days: string[],
  figures: Record<string, Partial<StatsDay>> = {},
  topTools: Stats['topTools'] = [],
): Stats {
  const series = days.map((day) => ({ ...ZERO, day, ...figures[day] }))
  const sum = (key: keyof typeof ZERO) => series.reduce((total, day) => total + day[key], 0)
  const generations = sum('generations')
  const failed = sum('failed')
  const succeeded = sum('succeeded')
  return {
    from: days[0] ?? '',
    to: days.at(-1) ?? '',
    days: series,
    totals: {
      generations,
      succeeded,
      failed,
      failureRate: succeeded + failed === 0 ? 0 : failed / (succeeded + failed),
      creditsSpent: sum('creditsSpent'),
      signUps: sum('signUps'),
      revenueCents: sum('revenueCents'),
    },
    topTools,
  }
}
