/**
 * Fails when a built chunk uses a Mantine component whose stylesheet does not load with it (see
 * unstyled-mantine-classes.ts): the app imports no global Mantine stylesheet, each component brings
 * its own (mantine-component-styles.ts), and this keeps it so.
 *
 * Run after `vite build`: `npm run size` (the `test` script does both). Takes an optional build folder.
 */
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { BuildError, readManifest } from './build-manifest.ts'
import { unstyledMantineClasses } from './unstyled-mantine-classes.ts'

const distDir = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist')

try {
  const manifest = readManifest(distDir)
  const unstyled = unstyledMantineClasses(manifest, (file) => readFileSync(join(distDir, file), 'utf8'))
  if (unstyled.length > 0) {
    console.error('\n✖ check-mantine-styles: Mantine classes used where no loaded stylesheet defines them:')
    for (const { chunk, classes } of unstyled) console.error(`  ${chunk}: ${classes.join(' ')}`)
    console.error('  Each Mantine component should bring its stylesheet: see scripts/mantine-component-styles.ts.\n')
    process.exit(1)
  }
  console.log(`✔ every chunk that uses a Mantine component loads its styles (${Object.keys(manifest).length} chunks)\n`)
} catch (error) {
  if (!(error instanceof BuildError)) throw error
  console.error(`\n✖ check-mantine-styles: ${error.message}\n`)
  process.exit(1)
}
