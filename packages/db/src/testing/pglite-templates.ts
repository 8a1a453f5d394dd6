import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'

import { createPGlite, openDatabase, PGLITE_EXTENSIONS } from '../client.ts'
import { runMigrations } from '../migrate/run-migrations.ts'
import { seed } from '../seed/seed.ts'
import { templateKeys } from './template-keys.ts'

/** Data-folder dumps that a fresh in-memory PGlite can start from (`loadDataDir`). */
export interface PGliteTemplates {
  /** A database just after initdb: nothing applied. */
  blank: string
  /** The same with every committed migration applied. */
  migrated: string
  /** The migrated one with the seed catalogue and plans loaded. */
  seeded: string
}

/** Bump when the way templates are built changes, so no run reuses a template built the old way. */
const TEMPLATE_FORMAT = 2
const CACHE_ROOT = join(tmpdir(), 'promptly-test-db')
const UNUSED_TEMPLATE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000
/** Seed data changes more often than migrations: older seeded dumps are dropped sooner. */
const UNUSED_SEEDED_TEMPLATE_MAX_AGE_MS = 60 * 60 * 1000

let templatesInThisProcess: Promise<PGliteTemplates> | undefined

/**
 * The templates for the current migrations and seed data, built when missing. A brand-new PGlite
 * takes about 5 s (initdb in WASM) while loading a dump takes about 1 s, so the dumps are kept in
 * the OS temp folder under a hash of everything they are made of (PGlite version, extensions, each
 * migration's name and checksum; for the seeded one also the validated seed data and the seed code):
 * later runs, and every package's test run, reuse them until one of those changes. The vitest
 * globalSetup calls this once before the workers start; a worker calling it without that setup
 * simply builds or finds the same files.
 */
export function pgliteTemplates(): Promise<PGliteTemplates> {
  templatesInThisProcess ??= findOrBuildTemplates()
  return templatesInThisProcess
}

async function findOrBuildTemplates(): Promise<PGliteTemplates> {
  const {
    migrationsDir,
    schema: schemaKey,
    seed: seedKey,
  } = await templateKeys({
    format: TEMPLATE_FORMAT,
    pglite: pgliteVersion(),
    extensions: Object.keys(PGLITE_EXTENSIONS).sort(),
  })
  const dir = join(CACHE_ROOT, schemaKey)
  const templates = {
    blank: join(dir, 'blank.tar'),
    migrated: join(dir, 'migrated.tar'),
    seeded: join(dir, `seeded-${seedKey}.tar`),
  }
  if (!(await exists(templates.migrated))) {
    await mkdir(dir, { recursive: true })
    await buildSchemaTemplates(templates, migrationsDir)
    await pruneUnused(CACHE_ROOT, schemaKey, UNUSED_TEMPLATE_MAX_AGE_MS)
  }
  if (!(await exists(templates.seeded))) {
    await buildSeededTemplate(templates)
    await pruneUnused(dir, basename(templates.seeded), UNUSED_SEEDED_TEMPLATE_MAX_AGE_MS, /^seeded-/)
  }
  // Mark both as in use, so pruning (which goes by modification time) spares them.
  const now = new Date()
  await Promise.all([utimes(dir, now, now), utimes(templates.seeded, now, now)]).catch(() => undefined)
  return templates
}

async function buildSchemaTemplates(templates: PGliteTemplates, migrationsDir: string): Promise<void> {
  const pglite = await createPGlite('memory://')
  const db = await openDatabase({ pglite })
  try {
    await writeAtomically(templates.blank, await pglite.dumpDataDir('none'))
    await runMigrations(db, { migrationsDir })
    await writeAtomically(templates.migrated, await pglite.dumpDataDir('none'))
  } finally {
    await db.close()
  }
}

async function buildSeededTemplate(templates: PGliteTemplates): Promise<void> {
  const pglite = await createPGlite('memory://', await readTemplate(templates.migrated))
  const db = await openDatabase({ pglite })
  try {
    await seed(db)
    await writeAtomically(templates.seeded, await pglite.dumpDataDir('none'))
  } finally {
    await db.close()
  }
}

// Dumps are left uncompressed (about 40 MB each): gunzipping on every clone costs more than the disk.

/** Two test runs may build the same template at once: each writes a private file, then renames it in. */
async function writeAtomically(path: string, dump: Blob): Promise<void> {
  const partial = `${path}.${process.pid}.${Date.now()}.partial`
  await writeFile(partial, Buffer.from(await dump.arrayBuffer()))
  await rename(partial, path)
}

/** Templates of migrations or seed data long gone (other branches, older commits) would pile up. */
async function pruneUnused(folder: string, keep: string, maxAgeMs: number, only?: RegExp): Promise<void> {
  const now = Date.now()
  for (const name of await readdir(folder)) {
    if (name === keep || (only && !only.test(name))) continue
    const path = join(folder, name)
    const { mtimeMs } = await stat(path)
    if (now - mtimeMs > maxAgeMs) await rm(path, { recursive: true, force: true })
  }
}

function pgliteVersion(): string {
  const require = createRequire(import.meta.url)
  const entry = require.resolve('@electric-sql/pglite')
  // dist/index.cjs -> the package folder; its package.json is not in the package's exports map.
  const manifestPath = join(dirname(entry), '..', 'package.json')
  return (require(manifestPath) as { version: string }).version
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}

const loadedTemplates = new Map<string, Promise<Blob>>()

/** The dump at `path`, in the form `createPGlite(..., loadDataDir)` takes; read once per process. */
export function readTemplate(path: string): Promise<Blob> {
  let template = loadedTemplates.get(path)
  if (!template) {
    template = readFile(path).then((bytes) => new Blob([bytes]))
    loadedTemplates.set(path, template)
  }
  return template
}
