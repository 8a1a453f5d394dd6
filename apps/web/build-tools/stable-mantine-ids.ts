import type { Plugin } from 'vite'

/** Mantine's id hook, as its package ships it (every input, label, accordion and chip calls it). */
const MANTINE_USE_ID_MODULE = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/

/**
 * The same hook without the swap: React's own id, prefixed as Mantine prefixes it. React 19's ids
 * hold no colon, so they are valid in CSS selectors, which is what the random id was for.
 */
const STABLE_USE_ID_SOURCE = `import { useId as useReactId } from 'react'
export function useId(staticId) {
  const reactId = useReactId()
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`
}
`

/**
 * Mantine's `useId` renders React's id (the server's markup has it too), then swaps it for a
 * random one from a layout effect. On a server-rendered page that is one synchronous re-render per
 * component right after hydration, rewriting the id, `for` and `aria-*` attributes of every form
 * field and accordion: a long task on a phone, and style invalidation for each attribute. This
 * plugin serves the hook without the swap, so ids stay what the server rendered. The build fails
 * if the module is not where this expects it (a Mantine upgrade that moves it must be looked at).
 */
export function stableMantineIds(): Plugin {
  let replaced = false
  let isBuild = false
  return {
    name: 'promptly:stable-mantine-ids',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build' && !config.build.ssr
    },
    load(id) {
      if (!MANTINE_USE_ID_MODULE.test(id.split('?')[0] ?? id)) return null
      replaced = true
      return STABLE_USE_ID_SOURCE
    },
    buildEnd(error) {
      if (isBuild && !error && !replaced) {
        this.error(`@mantine/hooks' use-id module was not found (expected to match ${MANTINE_USE_ID_MODULE})`)
      }
    },
  }
}
