import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { TRPCClientError } from '@trpc/client'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { AI_ERROR_MESSAGES } from '@promptly/ai/errors'
import { startFakeOpenAiServer, type FakeOpenAiServer } from '@promptly/ai/testing/fake-openai-server'
import { bioValues, createGeneratorTool } from '@promptly/api/generation/testing/generator-tool'
import type { AppRouter } from '@promptly/api/root'

import {
  answerWithFault,
  faultyProviderEnv,
  HEALTHY_TEXT,
  PROVIDER_FAULTS,
  type ProviderFault,
} from './faulty-openai-answers.ts'
import { ledgerSnapshot } from './ledger-snapshot.ts'
import type { TestAccount } from './local-accounts.ts'
import { useTestApp, type TestAppFrame } from './use-test-app.ts'

type Outcome = { ok: true } | { ok: false; code: string | undefined; httpStatus: number | undefined; message: string }

/** What a door needs from the test file's app. */
interface DoorContext {
  t: TestAppFrame
  toolId: string
}

interface Door {
  /** What the caller sees of the attempt, and (for the leak check) the whole error as text. */
  call(context: DoorContext, account: TestAccount): Promise<Outcome & { raw: string }>
}

async function trpcOutcome(work: () => Promise<unknown>): Promise<Outcome & { raw: string }> {
  try {
    await work()
    return { ok: true, raw: '' }
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error
    const { data, message } = error as TRPCClientError<AppRouter>
    return { ok: false, code: data?.code, httpStatus: data?.httpStatus, message, raw: JSON.stringify(error) }
  }
}

const DOORS = {
  'tRPC generation.run (streamed text)': {
    call: ({ t, toolId }, account) =>
      trpcOutcome(async () => {
        let output: string | undefined
        for await (const event of await t.trpc(account).generation.run.mutate({ toolId, groups: bioValues() }))
          if (event.type === 'done') output = event.output
        expect(output).toBe(HEALTHY_TEXT)
      }),
  },
  'tRPC generation.image': {
    call: ({ t }, account) =>
      trpcOutcome(async () => {
        const result = await t
          .trpc(account)
          .generation.image.mutate({ prompt: 'A fox', n: 1, quality: 'standard', style: 'Art' })
        expect(result.images).toHaveLength(1)
      }),
  },
  'tRPC generation.speech': {
    call: ({ t }, account) =>
      trpcOutcome(async () => {
        const result = await t.trpc(account).generation.speech.mutate({ input: 'Hello there', voice: 'alloy' })
        expect(result.audio.contentType).toBe('audio/mpeg')
      }),
  },
  'REST /api/v1 getResponseOfObject': {
    async call({ t, toolId }, account) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/objects/getResponseOfObject/${toolId}`,
        headers: account.bearer,
        payload: { groups: bioValues() },
      })
      if (res.statusCode === 200) return { ok: true, raw: res.body }
      const body = res.json<{ status: string; code: string; message: string; error: string }>()
      expect(body.status).toBe('error')
      expect(body.error).toBe(body.message)
      return { ok: false, code: body.code, httpStatus: res.statusCode, message: body.message, raw: res.body }
    },
  },
} satisfies Record<string, Door>
export type DoorName = keyof typeof DOORS

/** What each fault must look like to the caller, whichever door: tRPC's code and status, the provider-error text. */
const EXPECTED: Record<ProviderFault, { code: string; httpStatus: number; message: string }> = {
  'status 500': { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, message: AI_ERROR_MESSAGES.unavailable },
  'status 429': { code: 'TOO_MANY_REQUESTS', httpStatus: 429, message: AI_ERROR_MESSAGES.rate_limited },
  'hangs past the timeout': { code: 'GATEWAY_TIMEOUT', httpStatus: 504, message: AI_ERROR_MESSAGES.timeout },
  'cuts the connection mid-answer': {
    code: 'SERVICE_UNAVAILABLE',
    httpStatus: 503,
    message: AI_ERROR_MESSAGES.unavailable,
  },
  'answers non-JSON': { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, message: AI_ERROR_MESSAGES.unavailable },
  'answers the wrong shape': { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, message: AI_ERROR_MESSAGES.unavailable },
  'streams junk events': { code: 'SERVICE_UNAVAILABLE', httpStatus: 503, message: AI_ERROR_MESSAGES.unavailable },
}

/** Files under the app's media folder. */
async function storedFiles(t: TestAppFrame): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'media')
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
}

/**
 * Waits until none of the account's generations is still 'reserved': the streamed run's refund can
 * land just after the client has heard the error.
 */
async function settled(t: TestAppFrame, userId: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await t.db.prisma.generation.count({ where: { userId, status: 'reserved' } })) === 0) return
    await sleep(25)
  }
  throw new Error('a generation stayed reserved')
}

/**
 * Every way the AI provider can fail (PROVIDER_FAULTS), through the given doors a generation comes
 * in by, with the real `openai` SDK client talking to a fake server on this machine: the caller
 * hears a clear code and the provider-error message, the reservation is refunded, history shows
 * nothing charged, no media is left behind, and the very next generation (fault cleared) succeeds
 * on the same app. Call once per test file, with the doors that file covers (the files run in
 * parallel).
 */
export function describeProviderFaults(doors: readonly DoorName[]): void {
  let fake: FakeOpenAiServer
  let fault: ProviderFault | null = null
  let tool: { id: string }

  const t = useTestApp(async () => {
    fake = await startFakeOpenAiServer((request, response) => answerWithFault(request, response, fault))
    // The hang cases wait the timeout out once per door: 1.5 s, which a loaded machine still beats
    // on the healthy calls.
    return { listen: true, env: faultyProviderEnv(fake.baseUrl, 1_500) }
  })
  beforeAll(async () => {
    tool = await createGeneratorTool(t.db.prisma)
  })
  afterAll(() => fake.close())
  beforeEach(() => {
    fault = null
  })

  describe.each(doors)('%s', (doorName) => {
    const door: Door = DOORS[doorName]
    // One account per door (signing up hashes a password); each case compares with its own start.
    let ada: TestAccount
    beforeAll(async () => {
      ada = await t.signUp()
    })

    it.each(PROVIDER_FAULTS)(
      'when the provider %s: a clear error, refunded, nothing charged in history, then works again',
      async (providerFault) => {
        const before = await ledgerSnapshot(t.db.prisma, ada.user.id)
        const filesBefore = await storedFiles(t)

        fault = providerFault
        const failed = await door.call({ t, toolId: tool.id }, ada)
        const { raw, ...seen } = failed
        expect(seen).toEqual({ ok: false, ...EXPECTED[providerFault] })
        expect(raw).not.toContain('DO-NOT-LEAK')
        await settled(t, ada.user.id)

        // Balance and media as before; one failed generation whose ledger entries cancel out.
        expect(await ledgerSnapshot(t.db.prisma, ada.user.id)).toMatchObject({
          balance: before.balance,
          media: before.media,
          generations: before.generations + 1,
        })
        const [item] = (await t.trpc(ada).generation.history.query({})).items
        expect(item).toMatchObject({ status: 'failed', charged: 0, media: [] })
        expect(await storedFiles(t)).toEqual(filesBefore)

        fault = null
        expect(await door.call({ t, toolId: tool.id }, ada)).toMatchObject({ ok: true })
        await settled(t, ada.user.id)
        const [next] = (await t.trpc(ada).generation.history.query({})).items
        expect(next).toMatchObject({ status: 'succeeded' })
        expect(next?.charged).toBeGreaterThan(0)
        expect(await ledgerSnapshot(t.db.prisma, ada.user.id)).toMatchObject({
          balance: before.balance - (next?.charged ?? 0),
        })
      },
    )
  })
}
