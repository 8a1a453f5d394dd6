import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { devices, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { simpleParser } from 'mailparser'

import { recordInteractions } from './interaction-recorder.ts'

/** A mid-range phone: a Pixel 7's screen, touch and user agent, its CPU slowed 4x (as Lighthouse's mobile preset). */
const PHONE = devices['Pixel 7']
export const CPU_SLOWDOWN = 4

export interface PhonePage {
  context: BrowserContext
  page: Page
}

/**
 * A fresh phone-sized page (its own context: no cache, no compiled code from an earlier run) that
 * records its interactions, signed in as a new verified account when `signIn` says so.
 */
export async function newPhonePage(
  browser: Browser,
  portal: { origin: string; dataDir: string },
  signIn: boolean,
): Promise<PhonePage> {
  const context = await browser.newContext({ ...PHONE, baseURL: portal.origin })
  if (signIn) await signUpVerified(context, portal.dataDir)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await recordInteractions(page)
  return { context, page }
}

/** Signs a new account up over the API (the context is then signed in) and follows its verification link. */
async function signUpVerified(context: BrowserContext, dataDir: string): Promise<void> {
  const id = randomUUID().slice(0, 8)
  const account = { name: `Bench ${id}`, email: `bench-${id}@promptly.test`, password: `correct horse ${id}` }
  const signUp = await context.request.post('/api/auth/local/sign-up', { data: account })
  if (signUp.status() !== 202) throw new Error(`sign-up answered ${signUp.status()}: ${await signUp.text()}`)
  const link = await verificationLink(path.join(dataDir, 'outbox'), account.email)
  const verified = await context.request.get(link, { maxRedirects: 0 })
  if (verified.status() !== 303) throw new Error(`the verification link answered ${verified.status()}`)
}

/** How long the server may take to write the verification mail after answering the sign-up. */
const MAIL_DEADLINE_MS = 15_000

/** The path and query of the verification link in the mail to `address`, once the server has written it. */
async function verificationLink(outbox: string, address: string): Promise<string> {
  const deadline = Date.now() + MAIL_DEADLINE_MS
  while (Date.now() < deadline) {
    for (const name of await readdir(outbox).catch(() => [] as string[])) {
      const raw = await readFile(path.join(outbox, name), 'utf8')
      if (!raw.includes(address)) continue
      const text = (await simpleParser(raw)).text ?? ''
      const link = [...text.matchAll(/https?:\/\/\S+/g)]
        .map(([href]) => new URL(href))
        .find((url) => url.pathname === '/api/auth/local/verify-email')
      if (link) return `${link.pathname}${link.search}`
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no verification mail to ${address} in ${outbox}`)
}
