import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * A module for Node's `--import`: it registers a resolve hook that appends every package a process
 * imports (ES module resolution: a bare specifier, not a relative path, `node:` or `file:`) to the
 * file named by WATCH_FILE. A CommonJS package's own require() calls do not pass through it.
 */
const WATCH_IMPORTS = `
import { register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent(\`
import { appendFileSync } from 'node:fs'
export async function resolve(specifier, context, next) {
  if (!/^(\\\\.|\\\\/|node:|file:|data:)/.test(specifier)) appendFileSync(process.env.WATCH_FILE, specifier + '\\\\n')
  return next(specifier, context)
}\`))
`

/** Packages of OpenTelemetry, and Prisma's bridge to it. */
export const OPENTELEMETRY_PACKAGE = /^(@opentelemetry\/|@prisma\/instrumentation)/

/** Writes the `--import` module into `dir`; answers its path. */
export async function writeImportWatch(dir: string): Promise<string> {
  const file = path.join(dir, 'watch-imports.mjs')
  await writeFile(file, WATCH_IMPORTS)
  return file
}

/** The packages a watched process imported, each once. */
export async function watchedImports(watchFile: string): Promise<string[]> {
  return [...new Set((await readFile(watchFile, 'utf8')).split('\n').filter(Boolean))]
}
