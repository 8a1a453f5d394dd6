import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The monorepo root: the nearest package.json above this file that declares workspaces. Found from
 * the code's own location rather than the working directory (turbo and npm run workspace scripts
 * from the package folder), and by walking up rather than a fixed `../..` so it also holds when this
 * file is bundled into apps/server/dist.
 */
export function findRepoRoot(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json')
    if (existsSync(manifest) && 'workspaces' in JSON.parse(readFileSync(manifest, 'utf8'))) return dir
    if (path.dirname(dir) === dir) return process.cwd()
  }
}

export const REPO_ROOT = findRepoRoot()

/** The committed migrations, as `prisma migrate dev` writes them. */
export const DEFAULT_MIGRATIONS_DIR = path.join(REPO_ROOT, 'prisma', 'migrations')
