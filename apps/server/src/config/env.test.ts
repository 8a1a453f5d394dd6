import { describe, expect, it } from 'vitest'

import { siteDetailsFromEnv } from './app-config.ts'
import { parseEnv } from './env.ts'
import { problemsOf } from './testing/config-problems.ts'

describe('parseEnv', () => {
  it('runs with no settings at all: port 3000, embedded database, local identity', () => {
    const env = parseEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.CLERK_SECRET_KEY).toBeUndefined()
    expect(env.ADMIN_EMAILS).toEqual([])
  })

  it('gives one line per bad value, naming the variable', () => {
    const problems = problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x', APP_URL: 'not a url' })
    expect(problems).toHaveLength(3)
    expect(problems.find((line) => line.startsWith('PORT:'))).toBeDefined()
    expect(problems).toContain('DATABASE_URL: must be a postgresql:// URL')
    expect(problems.find((line) => line.startsWith('APP_URL:'))).toBeDefined()
    for (const line of problems) expect(line).not.toContain('\n')
  })

  it('never echoes a value, which could be a secret', () => {
    const problems = problemsOf({ SESSION_SECRET: 'tooshort-secret-value' })
    expect(problems).toEqual(['SESSION_SECRET: must be at least 32 characters'])
    expect(problems.join()).not.toContain('tooshort-secret-value')
  })

  it('wants both Clerk keys or neither', () => {
    expect(problemsOf({ CLERK_SECRET_KEY: 'sk_test_x' })).toEqual([
      'CLERK_PUBLISHABLE_KEY: Clerk needs both CLERK_SECRET_KEY ' +
        'and CLERK_PUBLISHABLE_KEY (or neither, for local accounts)',
    ])
  })

  it('wants the webhook secret whenever Stripe is on', () => {
    expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_x' })[0]).toMatch(/^STRIPE_WEBHOOK_SECRET:/)
  })

  it('refuses production with local accounts and no SESSION_SECRET', () => {
    expect(problemsOf({ NODE_ENV: 'production' })[0]).toMatch(/^SESSION_SECRET:/)
  })

  it('parses ADMIN_EMAILS as a lower-cased list and refuses a malformed entry', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Ada@Example.com, bob@example.com ,' }).ADMIN_EMAILS).toEqual([
      'ada@example.com',
      'bob@example.com',
    ])
    expect(problemsOf({ ADMIN_EMAILS: 'ada@example.com,not-an-email' })[0]).toMatch(/^ADMIN_EMAILS/)
  })

  it('treats empty strings as unset, as shells and .env files often leave them', () => {
    expect(parseEnv({ OPENAI_API_KEY: '', CLERK_SECRET_KEY: '', CLERK_PUBLISHABLE_KEY: '' }).ai.apiKey).toBeUndefined()
  })

  it('reads the AI settings through packages/ai, with its defaults', () => {
    const { ai } = parseEnv({})
    expect(ai).toMatchObject({
      apiKey: undefined,
      baseUrl: undefined,
      timeoutMs: 60_000,
      maxRetries: 1,
      localChunkDelayMs: 12,
    })
    const custom = parseEnv({
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_CHAT_MODEL: 'llama3.2',
      OPENAI_TIMEOUT_MS: '5000',
      OPENAI_MAX_RETRIES: '0',
      LOCAL_MODEL_CHUNK_DELAY_MS: '0',
    }).ai
    expect(custom).toMatchObject({
      baseUrl: 'http://127.0.0.1:11434/v1',
      timeoutMs: 5000,
      maxRetries: 0,
      localChunkDelayMs: 0,
    })
    expect(custom.models.chat).toBe('llama3.2')
  })

  it("lists bad AI settings together with the server's own problems", () => {
    const problems = problemsOf({ OPENAI_TIMEOUT_MS: 'soon', OPENAI_BASE_URL: 'ftp://x', PORT: 'eighty' })
    expect(problems.some((line) => line.startsWith('OPENAI_TIMEOUT_MS'))).toBe(true)
    expect(problems.some((line) => line.startsWith('OPENAI_BASE_URL'))).toBe(true)
    expect(problems.some((line) => line.startsWith('PORT'))).toBe(true)
  })

  it("reads the operator's details, each unset (blank included) when not given", () => {
    const unset = parseEnv({ SUPPORT_EMAIL: '', SUPPORT_PHONE: ' ', BLOG_URL: '' })
    expect(siteDetailsFromEnv(unset)).toEqual({
      supportEmail: null,
      supportPhone: null,
      companyName: null,
      blogUrl: null,
      makerUrl: null,
    })
    const set = parseEnv({
      SUPPORT_EMAIL: 'help@acme.test',
      SUPPORT_PHONE: '+44 (0)20 7946 0000',
      COMPANY_NAME: ' Acme Tools Ltd ',
      BLOG_URL: 'https://blog.acme.test/',
      MAKER_URL: 'https://acme.test/',
    })
    expect(siteDetailsFromEnv(set)).toEqual({
      supportEmail: 'help@acme.test',
      supportPhone: '+44 (0)20 7946 0000',
      companyName: 'Acme Tools Ltd',
      blogUrl: 'https://blog.acme.test/',
      makerUrl: 'https://acme.test/',
    })
  })

  it("refuses operator's details the pages could not use", () => {
    const problems = problemsOf({
      SUPPORT_EMAIL: 'help at acme',
      SUPPORT_PHONE: 'call us',
      BLOG_URL: 'javascript:alert(1)',
      MAKER_URL: 'acme.test',
    })
    expect(problems.map((line) => line.split(':')[0]).sort()).toEqual([
      'BLOG_URL',
      'MAKER_URL',
      'SUPPORT_EMAIL',
      'SUPPORT_PHONE',
    ])
  })
})
