/**
 * The PostgreSQL advisory lock the instance leading the sweepers holds (any number no other lock
 * uses): main.ts asks for it on every sweep, and tests find the leader by it in pg_locks.
 */
export const SWEEPERS_LOCK_KEY = 702_001
