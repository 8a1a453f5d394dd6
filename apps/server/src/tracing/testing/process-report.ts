import { z } from 'zod'

const hooks = z.object({ openTelemetry: z.array(z.string()), prisma: z.boolean() })

/** What one-generation-process.ts prints about the process it ran in. */
export const processReport = z.object({
  /** The generation's last event came, with an output. */
  generated: z.boolean(),
  /** The app had no tracing, and its spans were the no-op's. */
  untraced: z.boolean(),
  /** OpenTelemetry's registered globals and Prisma's helper, while the app ran and once it closed. */
  whileRunning: hooks,
  afterClose: hooks,
  /** Files of node_modules packages that Node's CommonJS registry holds, as `package/file`. */
  requiredPackages: z.array(z.string()),
})
export type ProcessReport = z.infer<typeof processReport>
