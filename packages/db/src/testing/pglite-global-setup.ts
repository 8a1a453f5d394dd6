import { pgliteTemplates } from './pglite-templates.ts'

/**
 * vitest globalSetup of the `pglite` project: prepares (or finds) the template databases once, in
 * the main process, before the workers start and would otherwise each pay the ~5 s build.
 */
export default async function prepareTemplateDatabases(): Promise<void> {
  await pgliteTemplates()
}
