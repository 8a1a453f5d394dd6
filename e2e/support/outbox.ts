import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect } from '@playwright/test'
import { simpleParser } from 'mailparser'

import { OUTBOX_DIRS } from '../playwright.config.ts'

/** A message the test server wrote to its outbox folder: its id, subject and the links in its text. */
export interface OutboxMail {
  id: string
  subject: string
  links: string[]
}

/**
 * Every message to `address` in the test servers' outboxes, oldest first (ids sort by the time they
 * were written). The folder is the only way mail comes out of the server: no page or answer shows
 * it, so the tests read it as the mailbox's owner would. Each test's addresses are its own, so the
 * two servers' folders are read as one.
 */
export async function mailsTo(address: string): Promise<OutboxMail[]> {
  const files = (
    await Promise.all(
      OUTBOX_DIRS.map(async (dir) => (await readdir(dir).catch(() => [] as string[])).map((name) => ({ dir, name }))),
    )
  )
    .flat()
    .filter(({ name }) => name.endsWith('.eml'))
    .sort((a, b) => a.name.localeCompare(b.name))
  const mails: OutboxMail[] = []
  for (const { dir, name } of files) {
    const raw = await readFile(path.join(dir, name), 'utf8')
    // Parsed only when the address is in it: the run's whole outbox is read on every look.
    if (!raw.toLowerCase().includes(address.toLowerCase())) continue
    const mail = await simpleParser(raw)
    const to = [mail.to ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address?.toLowerCase()))
    if (!to.includes(address.toLowerCase())) continue
    const links = [...(mail.text ?? '').matchAll(/https?:\/\/\S+/g)].map(([link]) => link)
    mails.push({ id: name.slice(0, -'.eml'.length), subject: mail.subject ?? '', links })
  }
  return mails
}

/**
 * The path and query of the link to `path` in the newest mail to `address` that has one (the
 * mail's links are absolute on APP_URL, the test server's origin). Waits for it: a reset mail is
 * written just after the server answers.
 */
export async function mailLinkTo(address: string, linkPath: string, options: { newerThan?: string } = {}) {
  let link = ''
  await expect
    .poll(async () => (link = await newestLinkTo(address, linkPath, options.newerThan)), {
      message: `a mail to ${address} with a link to ${linkPath}`,
    })
    .not.toBe('')
  return link
}

async function newestLinkTo(address: string, linkPath: string, newerThan: string | undefined): Promise<string> {
  const url = (await mailsTo(address))
    .filter((mail) => newerThan === undefined || mail.id > newerThan)
    .flatMap((mail) => mail.links.map((link) => new URL(link)))
    .filter((candidate) => candidate.pathname === linkPath)
    .at(-1)
  return url ? `${url.pathname}${url.search}` : ''
}
