import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'

/** One committed migration: `prisma/migrations/<name>/migration.sql`. */
export interface MigrationFile {
  name: string
  sql: string
  /** sha256 hex of the file's bytes, as Prisma records it in `_prisma_migrations.checksum`. */
  checksum: string
}

/** The migrations in `dir`, in the order Prisma applies them (folder name, byte order). */
export async function readMigrationFiles(dir: string): Promise<MigrationFile[]> {
  let entries
  try {
    entries = await readdir(dir, { withFileTypes: true })
  } catch (error) {
    throw new Error(`Cannot read the migrations folder ${dir}: set MIGRATIONS_DIR to where prisma/migrations is`, {
      cause: error,
    })
  }
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return Promise.all(
    names.map(async (name) => {
      const path = join(dir, name, 'migration.sql')
      let bytes: Buffer
      try {
        bytes = await readFile(path)
      } catch (error) {
        throw new Error(`Migration ${name} has no readable migration.sql (${path})`, { cause: error })
      }
      return { name, sql: bytes.toString('utf8'), checksum: sha256Hex(bytes) }
    }),
  )
}

/**
 * Whether a recorded checksum still matches the file. Like Prisma's engine, a checkout that turned
 * LF into CRLF (git autocrlf on Windows) still matches, so the same commit never looks "edited".
 */
export function checksumMatches(file: MigrationFile, recordedChecksum: string): boolean {
  const recorded = recordedChecksum.toLowerCase()
  if (file.checksum === recorded) return true
  return file.sql.includes('\r\n') && sha256Hex(file.sql.replaceAll('\r\n', '\n')) === recorded
}

export function sha256Hex(content: string | Buffer): string {
  return createHash('sha256').update(content).digest('hex')
}
