import type { FastifyServerOptions } from 'fastify'

import type { AppConfig } from './config/app-config.ts'

/** Anything that can carry a credential is masked before a log line is written. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'req.headers["stripe-signature"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.secret',
  '*.apiKey',
]

export function loggerOptions(config: AppConfig, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (config.env.LOG_LEVEL === 'silent') return false
  return {
    level: config.env.LOG_LEVEL,
    ...(stream && { stream }),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Query strings can carry tokens from third-party scripts: log the path only.
      req: (req: { method: string; url: string; id: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split('?')[0],
      }),
    },
  }
}
