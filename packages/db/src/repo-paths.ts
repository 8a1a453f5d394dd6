import { fileURLToPath } from 'node:url'

/**
 * The monorepo root, found from this file's own location (packages/db/src) rather than the working
 * directory: turbo and npm run workspace scripts from the package folder, tests from wherever.
 * A bundled server has no repo around it; it passes MIGRATIONS_DIR / PGLITE_DIR instead.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

/** The committed migrations, as `prisma migrate dev` writes them. */
export const DEFAULT_MIGRATIONS_DIR = fileURLToPath(new URL('../../../prisma/migrations/', import.meta.url))
