import { useRefreshAfterGeneration, useRunGeneration } from '../../generator/GeneratorPage.tsx'
import { useGeneration } from '../../generator/useGeneration.ts'

/**
 * 'Try it': the saved tool through `generation.run`, exactly as a user runs it from /generate,
 * charged to the caller, with the balance and history refreshed after.
 */
export function useTryTool() {
  const run = useRunGeneration()
  const onSettled = useRefreshAfterGeneration()
  return useGeneration({ run, onSettled })
}
