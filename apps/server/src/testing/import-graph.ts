import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import ts from 'typescript'

/** Folders that hold no source of ours: installed packages, builds, Prisma's generated client. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'generated', '.turbo', 'coverage', 'test-results'])
const SOURCE_FILE = /\.(ts|tsx|mts|cts)$/
/** What a specifier may leave out or write as its JavaScript name (`./x.js` for `./x.ts`). */
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts']

/** File -> the files of ours it imports, every path relative to the repository root. */
export type ImportGraph = Map<string, string[]>

/**
 * The import graph of the TypeScript source under `folders` (`apps`, `packages`: each subfolder with
 * a package.json is a workspace package): static imports
 * and re-exports, type-only ones too, and dynamic `import('...')` with a literal specifier, read by
 * TypeScript's own pre-processor (comments and strings are not imports). Relative specifiers and
 * the workspace's `@promptly/<package>/<path>` (each package.json's "exports") resolve to files;
 * anything else (installed packages, stylesheets, assets) is outside the graph.
 */
export function readImportGraph(root: string, folders: readonly string[]): ImportGraph {
  const workspace = workspacePackages(root, folders)
  const files = folders.flatMap((folder) => sourceFilesUnder(path.join(root, folder)))
  const graph: ImportGraph = new Map()
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, false)
    const targets = importedFiles
      .map(({ fileName }) => resolveSpecifier(fileName, file, workspace))
      .filter((target): target is string => target !== null)
    graph.set(relative(root, file), [...new Set(targets.map((target) => relative(root, target)))])
  }
  return graph
}

/** Files that reach one another through imports, and one loop through them to show how. */
export interface ImportCircle {
  /** Every file of the circle, by name. */
  files: string[]
  /** The shortest way from the first file back to itself, both ends included. */
  loop: string[]
}

/** Every circle: each group of files that reach one another (a strongly connected component, by Tarjan). */
export function importCircles(graph: ImportGraph): ImportCircle[] {
  const index = new Map<string, number>()
  const lowLink = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  const visit = (file: string) => {
    index.set(file, index.size)
    lowLink.set(file, index.get(file)!)
    stack.push(file)
    onStack.add(file)
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        lowLink.set(file, Math.min(lowLink.get(file)!, lowLink.get(target)!))
      } else if (onStack.has(target)) {
        lowLink.set(file, Math.min(lowLink.get(file)!, index.get(target)!))
      }
    }
    if (lowLink.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1 || graph.get(file)?.includes(file)) groups.push(group.sort())
  }
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file)
  return groups
    .map((files) => ({ files, loop: loopThrough(graph, files) }))
    .sort((a, b) => a.files[0]!.localeCompare(b.files[0]!))
}

/** The shortest way from the group's first file back to itself, inside the group (breadth first). */
function loopThrough(graph: ImportGraph, group: readonly string[]): string[] {
  const members = new Set(group)
  const start = group[0]!
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue
      if (target === start) return [...pathTo(cameFrom, file, start), start]
      if (cameFrom.has(target)) continue
      cameFrom.set(target, file)
      queue.push(target)
    }
  }
  return [...group, start]
}

function pathTo(cameFrom: Map<string, string>, file: string, start: string): string[] {
  const steps = [file]
  while (steps[0] !== start) steps.unshift(cameFrom.get(steps[0]!)!)
  return steps
}

/** A workspace package's name and how its "exports" patterns map to files (`./*` -> `./src/*.ts`). */
interface WorkspacePackage {
  folder: string
  exports: Array<{ key: string; target: string }>
}

function workspacePackages(root: string, folders: readonly string[]): Map<string, WorkspacePackage> {
  const packages = new Map<string, WorkspacePackage>()
  for (const parent of folders.map((folder) => path.join(root, folder))) {
    for (const name of readdirSync(parent)) {
      const manifest = path.join(parent, name, 'package.json')
      if (!existsSync(manifest)) continue
      const { name: packageName, exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: string
        exports?: unknown
      }
      if (!packageName) continue
      const patterns = typeof exports === 'object' && exports !== null ? Object.entries(exports) : []
      packages.set(packageName, {
        folder: path.join(parent, name),
        exports: patterns.flatMap(([key, target]) => (typeof target === 'string' ? [{ key, target }] : [])),
      })
    }
  }
  return packages
}

function resolveSpecifier(specifier: string, from: string, workspace: Map<string, WorkspacePackage>): string | null {
  const bare = specifier.replace(/[?#].*$/, '')
  if (bare.startsWith('.')) return sourceFileAt(path.resolve(path.dirname(from), bare))
  const scoped = /^(@[^/]+\/[^/]+)(\/.*)?$/.exec(bare)
  const owner = scoped ? workspace.get(scoped[1]!) : undefined
  if (!owner) return null
  const subpath = `.${scoped![2] ?? ''}`
  for (const { key, target } of owner.exports) {
    const [prefix, suffix = ''] = key.split('*')
    if (key === subpath) return sourceFileAt(path.join(owner.folder, target))
    if (key.includes('*') && subpath.startsWith(prefix!) && subpath.endsWith(suffix)) {
      const matched = subpath.slice(prefix!.length, subpath.length - suffix.length)
      return sourceFileAt(path.join(owner.folder, target.replace('*', matched)))
    }
  }
  return null
}

/** The source file a resolved specifier names, trying what it may leave out; null for a non-source file. */
function sourceFileAt(candidate: string): string | null {
  const withoutJs = candidate.replace(/\.(js|jsx|mjs|cjs)$/, '')
  const tries = [
    candidate,
    ...EXTENSIONS.map((extension) => withoutJs + extension),
    ...EXTENSIONS.map((extension) => path.join(candidate, `index${extension}`)),
  ]
  return tries.find((file) => SOURCE_FILE.test(file) && isFile(file)) ?? null
}

function isFile(file: string): boolean {
  return existsSync(file) && statSync(file).isFile()
}

function sourceFilesUnder(folder: string): string[] {
  if (!existsSync(folder)) return []
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name)
    if (entry.isDirectory()) {
      const skipped = SKIPPED_FOLDERS.has(entry.name) || entry.name.startsWith('dist') || entry.name.startsWith('.')
      return skipped ? [] : sourceFilesUnder(full)
    }
    return SOURCE_FILE.test(entry.name) ? [full] : []
  })
}

function relative(root: string, file: string): string {
  return path.relative(root, file).split(path.sep).join('/')
}
