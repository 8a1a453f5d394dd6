/** Prisma's P2002: a unique constraint refused the row (a replay, a double submit, a race lost). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 'P2002'
}
