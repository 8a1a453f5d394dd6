import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { createTestDatabase, type TestDatabase } from '@promptly/db/testing/test-database'

import { resolveConfig, type AppConfig } from './config/app-config.ts'
import { parseEnv } from './config/env.ts'
import type { Mailer } from './mail/mailer.ts'
import { buildServices } from './services.ts'
import { FAKE_CLERK_PUBLISHABLE_KEY, FAKE_CLERK_SECRET_KEY } from './testing/test-app.ts'

const BASE_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'x'.repeat(32),
  DATA_DIR: '/tmp/promptly-services',
}
const configOf = (env: Record<string, string> = {}) => resolveConfig(parseEnv({ ...BASE_ENV, ...env }))

let db: TestDatabase
beforeAll(async () => {
  db = await createTestDatabase()
})
afterAll(() => db.close())

/** What buildServices picked for `config`, by kind; the services are released again. */
async function kindsPicked(config: AppConfig) {
  const services = await buildServices(config, db)
  try {
    const { identity, ai, media, mail, payments } = services
    return { identity: identity.kind, localAi: ai.isLocal, media: media.kind, mail: mail.kind, payments: payments.kind }
  } finally {
    await services.close()
  }
}

describe('buildServices', () => {
  it('picks local accounts, the local model, the media folder, the outbox and local checkout by default', async () => {
    expect(await kindsPicked(configOf())).toEqual({
      identity: 'local',
      localAi: true,
      media: 'folder',
      mail: 'outbox',
      payments: 'local',
    })
  })

  it('picks Clerk, the OpenAI-compatible server, the S3 bucket, SMTP and Stripe when they are configured', async () => {
    const config = configOf({
      CLERK_SECRET_KEY: FAKE_CLERK_SECRET_KEY,
      CLERK_PUBLISHABLE_KEY: FAKE_CLERK_PUBLISHABLE_KEY,
      OPENAI_API_KEY: 'sk-test-never-called',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      SMTP_URL: 'smtp://127.0.0.1:9',
      STRIPE_SECRET_KEY: 'sk_test_never_called',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_never_called',
    })
    expect(await kindsPicked(config)).toEqual({
      identity: 'clerk',
      localAi: false,
      media: 's3',
      mail: 'smtp',
      payments: 'stripe',
    })
  })

  it('uses a part the caller gives instead of building one, and leaves closing it to the caller', async () => {
    let closed = false
    const mail: Mailer = {
      kind: 'smtp',
      send: () => Promise.resolve({ id: 'given' }),
      close: async () => {
        closed = true
      },
    }
    const services = await buildServices(configOf(), db, { mail })
    expect(services.mail).toBe(mail)
    expect(services.identity.kind).toBe('local')
    await services.close()
    expect(closed).toBe(false)
  })
})
