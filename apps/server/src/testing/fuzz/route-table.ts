import type { FastifyInstance } from 'fastify'

export interface RouteEntry {
  method: string
  /** As registered, with its parameters: `/api/v1/objects/getObject/:id`. */
  path: string
}

/** HEAD is answered by each GET route: fuzzing the GET covers it. */
const SKIPPED_METHODS = new Set(['HEAD'])

/**
 * Every route the app has, read from Fastify's own route table (`printRoutes`), so a route added
 * later is fuzzed without anyone listing it. The printed tree nests each node under its parent by
 * four characters of indentation; a node's path is its parent's path plus its own text.
 */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const routes: RouteEntry[] = []
  const stack: string[] = []
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line)
    if (!match) continue
    const [, indent = '', segment = '', methods] = match
    const depth = Math.max(0, indent.length / 4 - 1)
    stack.length = depth
    const path = `${stack.join('')}${segment}`
    stack.push(segment)
    for (const method of methods?.split(',').map((name) => name.trim()) ?? []) {
      if (!SKIPPED_METHODS.has(method)) routes.push({ method, path })
    }
  }
  return routes
}

/** The `:name` parameters of a route path (`:clerkId.svg` gives `clerkId`). */
export function routeParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1] ?? '')
}
