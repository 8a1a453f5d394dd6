import {
  postgresLeadership,
  soleLeadership,
  type Leadership,
  type LeadershipLog,
} from '@promptly/db/advisory-leadership'

/** Which instance does what only one should (the sweepers), one lock key per role. */
export interface SharedLeadership {
  /** This instance's say in the role `lockKey` names; asking twice for one key gives the same one. */
  leadership(lockKey: number): Leadership
  /** Gives up every lead taken, so another instance takes it at once. */
  close(): Promise<void>
}

/** The process alone leads: one process holds an embedded (PGlite) database. */
export const soleLeaderships: SharedLeadership = { leadership: () => soleLeadership, close: async () => undefined }

/**
 * One leader per role among the instances on one PostgreSQL database, by advisory locks
 * (@promptly/db/advisory-leadership). Nothing connects until a role is first asked for.
 */
export function postgresLeaderships(url: string, log: LeadershipLog): SharedLeadership {
  const leaderships = new Map<number, Leadership>()
  return {
    leadership(lockKey) {
      const leadership = leaderships.get(lockKey) ?? postgresLeadership(url, lockKey, log)
      leaderships.set(lockKey, leadership)
      return leadership
    },
    async close() {
      await Promise.all([...leaderships.values()].map((leadership) => leadership.close()))
    },
  }
}
