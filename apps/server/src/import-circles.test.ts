import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

import { importCircles, readImportGraph } from './testing/import-graph.ts'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * Files that import each other cannot be read, moved or tested one at a time, and a loop through a
 * lazily loaded module pulls it back into the first page. The whole workspace is read each run.
 */
describe('the import graph of apps/ and packages/', () => {
  const graph = readImportGraph(ROOT, ['apps', 'packages'])

  it('reads every kind of import: workspace packages, types, re-exports and lazy loads', () => {
    expect(graph.get('apps/server/src/request-context.ts')).toContain('packages/api/src/context.ts')
    expect(graph.get('apps/server/src/app.ts')).toContain('apps/server/src/rest/legacy-api-paths.ts')
    expect(graph.get('apps/web/src/app/lazy-page-head.ts')).toContain('apps/web/src/app/page-head.ts')
    expect(graph.size).toBeGreaterThan(500)
  })

  it('has no circle', () => {
    const circles = importCircles(graph).map(({ files, loop }) => {
      const besides = files.filter((file) => !loop.includes(file))
      return loop.join(' -> ') + (besides.length > 0 ? ` (and through ${besides.join(', ')})` : '')
    })
    expect(circles, `import circles:\n${circles.join('\n')}`).toEqual([])
  })
})
