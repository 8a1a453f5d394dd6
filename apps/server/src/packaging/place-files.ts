import { copyFileSync, linkSync, lstatSync, mkdirSync, readdirSync, readlinkSync, symlinkSync } from 'node:fs'
import path from 'node:path'

/** How files reach the bundle: hard links where the file system allows them, else copies. */
export type Placement = 'link' | 'copy'

export interface PlacedFiles {
  files: number
  bytes: number
  /** How they were placed: `link` turns into `copy` at the first file that cannot be linked. */
  placement: Placement
}

export interface PlaceOptions {
  /** Leave out the folder's own `node_modules` (a package's nested dependencies are placed on their own). */
  withoutNodeModules?: boolean
}

/**
 * Places `from`'s tree at `to`. A hard link costs no space and no time, and survives the original's
 * removal or replacement (as `npm ci` replaces packages), but not an edit in place. Across file systems
 * it falls back to copying. Symbolic links are kept as they are, and refused when absolute: they would
 * point back into the tree the bundle was made from.
 */
export function placeTree(from: string, to: string, placed: PlacedFiles, options: PlaceOptions = {}): void {
  mkdirSync(to, { recursive: true })
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (options.withoutNodeModules && entry.name === 'node_modules') continue
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) placeTree(source, target, placed)
    else if (entry.isSymbolicLink()) placeSymlink(source, target)
    else if (entry.isFile()) placeFile(source, target, placed)
  }
}

export function placeFile(source: string, target: string, placed: PlacedFiles): void {
  placed.files += 1
  placed.bytes += lstatSync(source).size
  if (placed.placement === 'link') {
    try {
      linkSync(source, target)
      return
    } catch (error) {
      if (!isCannotLink(error)) throw error
      placed.placement = 'copy'
    }
  }
  copyFileSync(source, target)
}

function placeSymlink(source: string, target: string): void {
  const pointsTo = readlinkSync(source)
  if (path.isAbsolute(pointsTo)) {
    throw new Error(`${source} is a symbolic link to ${pointsTo}: the bundle would depend on the tree it came from`)
  }
  symlinkSync(pointsTo, target)
}

/** Another file system (EXDEV), or one without hard links (EPERM), or a file with too many (EMLINK). */
function isCannotLink(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'EXDEV' || code === 'EPERM' || code === 'EMLINK' || code === 'ENOTSUP'
}
