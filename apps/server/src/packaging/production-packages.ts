/** One entry of package-lock.json's `packages` map (lockfileVersion 3), as far as the bundle reads it. */
export interface LockedPackage {
  version?: string
  /** A workspace's link in node_modules; `resolved` is the workspace's folder. */
  link?: boolean
  resolved?: string
  /** Reached from the workspaces only through optional dependencies (another platform's binary). */
  optional?: boolean
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

/** Keyed by location: `node_modules/a`, `node_modules/a/node_modules/b`, `apps/server/node_modules/c`. */
export type LockedPackages = Record<string, LockedPackage>

export interface ProductionPackage {
  /** Where it lies, relative to the repository root (and so to the bundle's root). */
  location: string
  version: string
  /** Only an optional dependency needs it: absent on a platform it was not built for. */
  optional: boolean
}

/** A dependency the lockfile cannot place where the code that imports it runs. */
export class UnresolvableDependencyError extends Error {
  override name = 'UnresolvableDependencyError'
}

interface Visit {
  /** The lockfile entry whose dependencies are followed. */
  location: string
  /** Where its imports are resolved from: its own folder, or the app a workspace package is bundled into. */
  resolvesFrom: string
}

/**
 * The installed packages that the built apps (`apps`, workspace folders such as `apps/server`) load
 * at run time: their dependencies, optional dependencies and required peers, and theirs in turn,
 * each found where Node would find it from the importing file. Development dependencies and optional
 * peers are left out: a package runs without its optional peers by definition (prisma's CLI for
 * `@prisma/client`, typescript for the tRPC packages).
 *
 * A workspace package (`@promptly/*`) is not among them: esbuild and Vite bundle its sources into
 * the app that imports it, so its own imports run from that app's folder and are resolved from
 * there (an app's own nested node_modules first, then the root's), not from `packages/*`.
 */
export function productionPackages(lock: LockedPackages, apps: readonly string[]): ProductionPackage[] {
  const found = new Map<string, ProductionPackage>()
  const visited = new Set<string>()
  const pending: Visit[] = apps.map((app) => ({ location: app, resolvesFrom: app }))
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const key = `${visit.location}\0${visit.resolvesFrom}`
    if (visited.has(key)) continue
    visited.add(key)
    const entry = lock[visit.location]
    if (!entry) throw new UnresolvableDependencyError(`${visit.location} is not in the lockfile`)
    for (const [name, optional] of runtimeDependencies(entry)) {
      const location = resolveFrom(lock, visit.resolvesFrom, name)
      if (!location) {
        if (optional) continue
        throw new UnresolvableDependencyError(
          `${visit.location} needs ${name}, which the lockfile does not place where ${visit.resolvesFrom} can load it`,
        )
      }
      const target = lock[location]!
      if (target.link) {
        // A workspace package, bundled into the importing code: its imports run where that code runs.
        if (!target.resolved) throw new UnresolvableDependencyError(`${location} is a link without a target`)
        pending.push({ location: target.resolved, resolvesFrom: visit.resolvesFrom })
        continue
      }
      if (!found.has(location)) {
        found.set(location, { location, version: target.version ?? '', optional: target.optional === true })
      }
      pending.push({ location, resolvesFrom: location })
    }
  }
  return [...found.values()].sort((a, b) => a.location.localeCompare(b.location))
}

/** Each name the package imports at run time, and whether it may be missing. */
function runtimeDependencies(entry: LockedPackage): Array<[string, boolean]> {
  const optionalPeers = entry.peerDependenciesMeta ?? {}
  return [
    ...Object.keys(entry.dependencies ?? {}).map((name): [string, boolean] => [name, false]),
    ...Object.keys(entry.optionalDependencies ?? {}).map((name): [string, boolean] => [name, true]),
    ...Object.keys(entry.peerDependencies ?? {})
      .filter((name) => optionalPeers[name]?.optional !== true)
      .map((name): [string, boolean] => [name, false]),
  ]
}

/**
 * Node's lookup, on lockfile locations: `<from>/node_modules/<name>`, then the same from each
 * enclosing package up to the root. From `node_modules/a/node_modules/b`: its own node_modules,
 * then `node_modules/a/node_modules`, then `node_modules`.
 */
export function resolveFrom(lock: LockedPackages, from: string, name: string): string | null {
  for (let base = from; ; base = enclosingPackage(base)) {
    const candidate = base === '' ? `node_modules/${name}` : `${base}/node_modules/${name}`
    if (lock[candidate]) return candidate
    if (base === '') return null
  }
}

/** `node_modules/a/node_modules/b` → `node_modules/a`; a top-level package or a workspace → the root (''). */
function enclosingPackage(location: string): string {
  const nested = location.lastIndexOf('/node_modules/')
  return nested >= 0 ? location.slice(0, nested) : ''
}
