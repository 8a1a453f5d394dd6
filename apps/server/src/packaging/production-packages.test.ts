import { describe, expect, it } from 'vitest'

import { productionPackages, UnresolvableDependencyError, type LockedPackages } from './production-packages.ts'

const locations = (lock: LockedPackages, apps: string[]) => productionPackages(lock, apps).map((pkg) => pkg.location)

describe('productionPackages', () => {
  it('follows dependencies, optional dependencies and required peers, and leaves out optional peers', () => {
    const lock: LockedPackages = {
      'apps/server': { dependencies: { client: '1' }, optionalDependencies: { binary: '1' } },
      'node_modules/client': {
        version: '1.0.0',
        dependencies: { runtime: '1' },
        peerDependencies: { cli: '*', adapter: '*' },
        peerDependenciesMeta: { cli: { optional: true } },
      },
      'node_modules/runtime': { version: '1.0.0' },
      'node_modules/adapter': { version: '1.0.0' },
      'node_modules/cli': { version: '1.0.0', dependencies: { huge: '1' } },
      'node_modules/huge': { version: '1.0.0' },
      'node_modules/binary': { version: '1.0.0', optional: true },
      'node_modules/dev-tool': { version: '1.0.0' },
    }
    expect(productionPackages(lock, ['apps/server'])).toEqual([
      { location: 'node_modules/adapter', version: '1.0.0', optional: false },
      { location: 'node_modules/binary', version: '1.0.0', optional: true },
      { location: 'node_modules/client', version: '1.0.0', optional: false },
      { location: 'node_modules/runtime', version: '1.0.0', optional: false },
    ])
  })

  it('finds each package where Node would: the nested copy first, then the enclosing ones', () => {
    const lock: LockedPackages = {
      'apps/server': { dependencies: { a: '1', cache: '11' } },
      'apps/server/node_modules/cache': { version: '11.0.0' },
      'node_modules/cache': { version: '5.0.0' },
      'node_modules/a': { version: '1.0.0', dependencies: { b: '1', cache: '5' } },
      'node_modules/a/node_modules/b': { version: '2.0.0', dependencies: { c: '1' } },
      'node_modules/c': { version: '1.0.0' },
    }
    expect(locations(lock, ['apps/server'])).toEqual([
      'apps/server/node_modules/cache',
      'node_modules/a',
      'node_modules/a/node_modules/b',
      'node_modules/c',
      'node_modules/cache',
    ])
  })

  it("resolves a bundled workspace package's imports from the app it is bundled into, not from packages/", () => {
    const lock: LockedPackages = {
      'apps/server': { dependencies: { '@promptly/api': '*', cache: '11' } },
      'apps/server/node_modules/cache': { version: '11.0.0' },
      'node_modules/@promptly/api': { link: true, resolved: 'packages/api' },
      'packages/api': { dependencies: { cache: '11', zod: '4' } },
      'packages/api/node_modules/cache': { version: '11.0.0' },
      'node_modules/zod': { version: '4.0.0' },
    }
    expect(locations(lock, ['apps/server'])).toEqual(['apps/server/node_modules/cache', 'node_modules/zod'])
  })

  it('refuses a required package the lockfile cannot place, and passes over a missing optional one', () => {
    const lock: LockedPackages = {
      'apps/server': { dependencies: { '@promptly/api': '*' }, optionalDependencies: { elsewhere: '1' } },
      'node_modules/@promptly/api': { link: true, resolved: 'packages/api' },
      'packages/api': { dependencies: { nested: '1' } },
      // Only under packages/api: code bundled into apps/server could not load it.
      'packages/api/node_modules/nested': { version: '1.0.0' },
    }
    expect(() => productionPackages(lock, ['apps/server'])).toThrow(UnresolvableDependencyError)
    delete lock['packages/api']!.dependencies
    expect(locations(lock, ['apps/server'])).toEqual([])
  })
})
