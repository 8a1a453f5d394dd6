import { ConfigError, parseEnv } from '../env.ts'

/** The problems parseEnv reports for `env`; throws when it accepts the configuration. */
export function problemsOf(env: Record<string, string>): string[] {
  try {
    parseEnv(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  throw new Error('expected the configuration to be refused')
}
