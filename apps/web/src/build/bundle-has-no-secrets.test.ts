// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, loadConfigFromFile, type PluginOption } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/**
 * Acceptance: the browser bundle carries no AI, payment or identity secret (the original client
 * embedded its transcription key). The web app is built as in production, with every server secret
 * set in the environment, plus VITE_-prefixed lookalikes that Vite would expose through
 * import.meta.env if any code reached for them; then every emitted file is searched.
 */

const SECRETS = {
  OPENAI_API_KEY: 'sk-proj-bundlecheck0123456789ABCDEFsecret',
  OPENAI_BASE_URL: 'https://llm.provider.example/v1',
  STRIPE_SECRET_KEY: 'sk_test_bundlecheck0123456789stripe',
  STRIPE_WEBHOOK_SECRET: 'whsec_bundlecheck0123456789webhook',
  CLERK_SECRET_KEY: 'sk_test_bundlecheck0123456789clerk',
  SESSION_SECRET: 'bundlecheck-session-secret-0123456789-abcdef',
  DATABASE_URL: 'postgres://promptly:bundlecheck-db-password@db.internal.example:5432/promptly',
}
const LOOKALIKES = {
  VITE_OPENAI_API_KEY: 'sk-proj-vitebundlecheck0123456789secret',
  VITE_OPENAI_BASE_URL: 'https://vite-llm.provider.example/v1',
  VITE_STRIPE_SECRET_KEY: 'sk_test_vitebundlecheck0123456789stripe',
  VITE_CLERK_SECRET_KEY: 'sk_test_vitebundlecheck0123456789clerk',
}

/** Hosts that only the server may talk to. */
const PROVIDER_HOSTS = [
  'api.openai.com',
  'llm.provider.example',
  'vite-llm.provider.example',
  'api.stripe.com',
  'db.internal.example',
]

/** Shapes of credentials, whatever their value: a literal bearer token, OpenAI, Stripe and Clerk secret keys. */
const CREDENTIAL_PATTERNS: RegExp[] = [
  // A template such as `Bearer ${token}` (the user's own session, read at run time) is fine; a literal is not.
  /Bearer\s+(?!\$\{)[A-Za-z0-9\-._~+/]{8,}=*/,
  /\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}/,
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,}/,
  /\bwhsec_[A-Za-z0-9]{10,}/,
]

/** Every configured value, host and credential shape found in `text`. */
export function findLeaks(text: string): string[] {
  const values = [...Object.values(SECRETS), ...Object.values(LOOKALIKES), ...PROVIDER_HOSTS]
  const found = values.filter((value) => text.includes(value))
  for (const pattern of CREDENTIAL_PATTERNS) {
    const match = pattern.exec(text)
    if (match) found.push(match[0])
  }
  return found
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

const webRoot = fileURLToPath(new URL('../..', import.meta.url))
let outDir = ''

/**
 * Without the plugin that writes .br and .gz siblings: they are compressed copies of the files
 * searched here, unreadable to a text search, and brotli at its highest level took about a third of
 * this build's CPU time. build-tools/precompress.test.ts checks what that plugin writes.
 */
function withoutPrecompression(plugins: PluginOption[]): PluginOption[] {
  return plugins.map((plugin) =>
    Array.isArray(plugin)
      ? withoutPrecompression(plugin)
      : plugin && 'name' in plugin && plugin.name === 'promptly:precompress'
        ? false
        : plugin,
  )
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'promptly-web-bundle-'))
  const saved = { ...process.env }
  Object.assign(process.env, SECRETS, LOOKALIKES)
  try {
    const env = { command: 'build', mode: 'production', isSsrBuild: false } as const
    const loaded = await loadConfigFromFile(env, join(webRoot, 'vite.config.ts'), webRoot, 'silent')
    if (!loaded) throw new Error('vite.config.ts did not load')
    const { config } = loaded
    await build({
      ...config,
      root: webRoot,
      configFile: false,
      mode: 'production',
      logLevel: 'silent',
      plugins: withoutPrecompression(config.plugins ?? []),
      build: { ...config.build, outDir, emptyOutDir: true },
    })
  } finally {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key]
    Object.assign(process.env, saved)
  }
}, 90_000)

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true })
})

describe('the web bundle', () => {
  it('the search finds what it looks for (so a clean result means something)', () => {
    expect(
      findLeaks(`fetch("https://api.openai.com/v1",{headers:{Authorization:"Bearer ${SECRETS.OPENAI_API_KEY}"}})`),
    ).toEqual(expect.arrayContaining([SECRETS.OPENAI_API_KEY, 'api.openai.com', `Bearer ${SECRETS.OPENAI_API_KEY}`]))
    expect(findLeaks('headers:{Authorization:`Bearer ${token}`}')).toEqual([])
  })

  it('holds no configured secret, provider host or credential in any emitted file', () => {
    const files = filesUnder(outDir)
    expect(files.some((file) => file.endsWith('.js'))).toBe(true)
    expect(files.some((file) => file.endsWith('index.html'))).toBe(true)
    const leaks = files.flatMap((file) =>
      findLeaks(readFileSync(file, 'utf8')).map((leak) => `${file.slice(outDir.length)}: ${leak}`),
    )
    expect(leaks).toEqual([])
  })
})
