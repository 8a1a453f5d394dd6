import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { simpleParser } from 'mailparser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import type { GenerationEvent } from '@promptly/api/generation/run.schema'
import { openDatabase } from '@promptly/db/client'
import { REPO_ROOT } from '@promptly/db/repo-paths'
import { toolIdForSlug } from '@promptly/db/seed/tool-id-for-slug'

import { signUpOn, trpcOn, viewerOn, type ProcessAccount } from '../testing/process-client.ts'
import { startServerProcesses, type ServerProcess } from '../testing/server-processes.ts'
import { placeTree } from './place-files.ts'

/**
 * The runtime bundle (`npm run bundle`: what the Dockerfile's runtime stage holds) works on its own.
 * The same script builds it, it is moved to a folder outside the repository, and started there with
 * plain `node`, as the image starts it: production, a fresh DATA_DIR, and every default (embedded
 * PGlite, local accounts, the local AI, the outbox mail). Then a person's first visit over HTTP:
 * the server-rendered catalogue, sign-up, the verification link from the mail, a streamed text
 * generation, the local image, speech and paraphrase models (whose data files are read at run
 * time, not at start), and a SIGTERM mid-generation that lets it finish and exits cleanly.
 *
 * Needs the builds (turbo's test:instances depends on them), or RUNTIME_BUNDLE_DIR: a bundle made
 * earlier, which it links to and leaves as it was.
 */
const run = promisify(execFile)

/** A seeded text tool (prisma/seed/tools.json) and values for its three groups of fields. */
const TEXT_TOOL = {
  slug: 'x-twitter-bio-generator',
  name: 'X (Twitter) Bio Generator',
  groups: [['Product designer at a fintech startup', 'design systems'], ['Witty', true], ['DMs open']],
}

describe('the runtime bundle, moved out of the repository and started with node', () => {
  let workDir: string
  let bundleDir: string
  let dataDir: string
  let server: ServerProcess
  let ada: ProcessAccount

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'promptly-runtime-bundle-'))
    // Out there, a package the bundle lacks could still be found in an enclosing node_modules.
    for (let dir = path.dirname(workDir); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      expect(existsSync(path.join(dir, 'node_modules')), `${dir} has a node_modules`).toBe(false)
    }
    const made = path.join(workDir, 'made')
    await makeBundle(made)
    // Moved after it was made: nothing in it may hold the path it was made at.
    bundleDir = path.join(workDir, 'promptly')
    await rename(made, bundleDir)
    dataDir = path.join(workDir, 'data')
    const [started] = await startServerProcesses({
      count: 1,
      entry: path.join(bundleDir, 'apps/server/dist/main.js'),
      cwd: bundleDir,
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        // Slow enough that a SIGTERM sent after the first chunk finds the generation still running.
        LOCAL_MODEL_CHUNK_DELAY_MS: '25',
      },
    })
    server = started!
  })
  afterAll(async () => {
    await server?.kill()
    await rm(workDir, { recursive: true, force: true })
  })

  it('serves the catalogue server-rendered from the seed, and its assets', async () => {
    const page = await fetch(`${server.url}/`)
    expect(page.status).toBe(200)
    const html = await page.text()
    // Rendered by the web app's server build with its node_modules, from the seed bundled in main.js.
    expect(html).toContain(TEXT_TOOL.name)
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script, 'a script of the web build').toBeDefined()
    const asset = await fetch(`${server.url}${script}`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
    expect((await asset.text()).length).toBeGreaterThan(0)
  })

  it('signs up, and verifies the address through the link in the outbox mail', async () => {
    ada = await signUpOn(server, 'Ada')
    expect(ada.user.emailVerified).toBe(false)
    const link = new URL(await linkInMail(path.join(dataDir, 'outbox'), ada.email, '/api/auth/local/verify-email'))
    const verified = await fetch(`${server.url}${link.pathname}${link.search}`, { redirect: 'manual' })
    expect(verified.status).toBe(303)
    expect(verified.headers.get('location')).toBe('/profile?verified=1')
    expect(await viewerOn(server, ada.cookie)).toMatchObject({ emailVerified: true })
  })

  it('streams a text tool generation chunk by chunk, then stores and charges it', async () => {
    const events: GenerationEvent[] = []
    const stream = await trpcOn(server, ada).generation.run.mutate({
      toolId: toolIdForSlug(TEXT_TOOL.slug),
      groups: TEXT_TOOL.groups,
    })
    for await (const event of stream) events.push(event)
    const started = events[0]
    expect(started).toMatchObject({ type: 'started', localModel: true })
    const chunks = events.filter((event) => event.type === 'chunk')
    expect(chunks.length).toBeGreaterThan(1)
    const done = events.at(-1)
    if (done?.type !== 'done' || started?.type !== 'started') throw new Error(`the stream ended on ${done?.type}`)
    expect(done.output.length).toBeGreaterThan(0)
    // The trial's 30 credits, less this generation's cost.
    expect(done.creditsLeft).toBe(30 - started.cost)
  })

  it('draws an image, speaks a text and paraphrases with the local models', async () => {
    const trpc = trpcOn(server, ada)
    const media = async (url: string) => {
      const res = await fetch(`${server.url}${url}`, { headers: { cookie: ada.cookie } })
      expect(res.status).toBe(200)
      return { type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) }
    }
    // sharp and librsvg, drawing subjects from the emoji icon set read at the first image.
    const [image] = (await trpc.generation.image.mutate({ prompt: 'a red fox reading in a snowy forest', n: 1 })).images
    const picture = await media(image!.url)
    expect(picture.type).toBe('image/jpeg')
    expect(picture.bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
    // flite's WebAssembly voice and the MP3 encoder.
    const speech = await trpc.generation.speech.mutate({ input: 'Hello from the runtime bundle.', voice: 'alloy' })
    const audio = await media(speech.audio.url)
    expect(audio.type).toBe('audio/mpeg')
    expect(audio.bytes.length).toBeGreaterThan(1_000)
    // WordNet's dictionary files, read at the first paraphrase.
    const paraphrase = await trpc.generation.paraphrase.mutate({
      prompt: 'The quick brown fox jumps over the lazy dog.',
    })
    expect(paraphrase.text.trim()).not.toBe('')
  })

  it('on SIGTERM, finishes the generation in flight, releases its lease and exits 0', async () => {
    const stream = await trpcOn(server, ada).generation.run.mutate({
      toolId: toolIdForSlug(TEXT_TOOL.slug),
      groups: TEXT_TOOL.groups,
    })
    const events: GenerationEvent[] = []
    const iterator = stream[Symbol.asyncIterator]()
    while (!events.some((event) => event.type === 'chunk')) {
      const next = await iterator.next()
      if (next.done) throw new Error('the stream ended before its first chunk')
      events.push(next.value)
    }
    process.kill(server.pid, 'SIGTERM')
    // Shutting down: no new request is served (refused, or answered 503) while the stream goes on.
    await expect.poll(() => readyStatus(server), { timeout: 10_000, interval: 20 }).not.toBe(200)
    const beforeShutdownEnded = events.length
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) events.push(next.value)
    expect(events.length).toBeGreaterThan(beforeShutdownEnded)
    expect(events.at(-1)?.type).toBe('done')
    // Soon after its last answer, though this client keeps its connection open: within a container's
    // grace period, far from the 72 s keep-alive timeout that idle connection would otherwise hold it.
    const exit = await Promise.race([
      server.exited,
      new Promise((resolve) => setTimeout(resolve, 10_000, 'still running')),
    ])
    expect(exit).toEqual({ code: 0, signal: null })

    // What it left in its database: its lease gone, and no credits held.
    const db = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') })
    try {
      expect(await db.prisma.serverInstance.count()).toBe(0)
      expect(await db.prisma.generation.count({ where: { status: 'reserved' } })).toBe(0)
      expect(await db.prisma.generation.count({ where: { userId: ada.user.id, status: 'succeeded' } })).toBe(5)
    } finally {
      await db.close()
    }
  })
})

/**
 * A bundle at `folder`: a new one from the script, as `npm run bundle` makes it but hard-linked
 * (`--link`: it is thrown away after the test), or RUNTIME_BUNDLE_DIR's (absolute, or from the
 * repository root), linked too: the server writes nothing in it (DATA_DIR is elsewhere).
 */
async function makeBundle(folder: string): Promise<void> {
  const handed = process.env.RUNTIME_BUNDLE_DIR
  if (handed) {
    placeTree(path.resolve(REPO_ROOT, handed), folder, { files: 0, bytes: 0, placement: 'link' })
    return
  }
  const tsx = path.join(REPO_ROOT, 'node_modules/.bin/tsx')
  await run(tsx, ['apps/server/scripts/bundle-runtime.ts', folder, '--link'], { cwd: REPO_ROOT })
}

/** /ready's status, or 0 when the server takes no connection. */
async function readyStatus(server: ServerProcess): Promise<number> {
  try {
    return (await fetch(`${server.url}/ready`, { signal: AbortSignal.timeout(2_000) })).status
  } catch {
    return 0
  }
}

/**
 * The first link to `linkPath` in the newest mail to `address` in the outbox folder, read as the
 * mailbox's owner reads it (the .eml files are quoted-printable). Waits for it: mail is written
 * just after the answer.
 */
async function linkInMail(outbox: string, address: string, linkPath: string): Promise<string> {
  const deadline = Date.now() + 10_000
  for (;;) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort()
    for (const name of names.reverse()) {
      const mail = await simpleParser(await readFile(path.join(outbox, name)))
      const to = [mail.to ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address))
      if (!to.includes(address)) continue
      const link = [...(mail.text ?? '').matchAll(/https?:\/\/\S+/g)].find(
        ([href]) => new URL(href).pathname === linkPath,
      )
      if (link) return link[0]
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${address} with a link to ${linkPath} in ${outbox}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
