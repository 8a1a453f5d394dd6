import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { TRPCClientError } from '@trpc/client'
import { afterAll, describe, expect, it } from 'vitest'

import { balanceOf } from '@promptly/api/credits/testing/users-with-credits'

import { useTestApp } from '../testing/use-test-app.ts'

/**
 * The media disk really full: the app's own folder storage on a tiny tmpfs. Proves the folder
 * storage leaves no partial file when the kernel refuses a write halfway, and that the generation
 * is refunded and works once space is freed. Opt-in, as root (it mounts):
 * `TMPFS_FAULT_TESTS=1 npx vitest run src/faults/media-tmpfs-full.int.test.ts`; the suite relies on
 * the storage double of media-disk-full.int.test.ts for the same, which needs no privileges.
 */
const run = promisify(execFile)
const TMPFS_BYTES = 256 * 1024
let dataDir: string
let mediaDir: string
let mounted = false

describe.runIf(process.env.TMPFS_FAULT_TESTS === '1')('the media folder on a full tmpfs', () => {
  const t = useTestApp(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'promptly-tmpfs-'))
    mediaDir = path.join(dataDir, 'media')
    await mkdir(mediaDir)
    if (process.getuid?.() === 0) {
      mounted = await run('mount', ['-t', 'tmpfs', '-o', `size=${TMPFS_BYTES},mode=0700`, 'tmpfs', mediaDir]).then(
        () => true,
        () => false,
      )
    }
    return { fakeAi: true, listen: true, env: { DATA_DIR: dataDir } }
  })
  afterAll(async () => {
    if (mounted) await run('umount', [mediaDir])
    await rm(dataDir, { recursive: true, force: true })
  })

  /** Fills the tmpfs, then frees `free` bytes: a write bigger than that is cut short by ENOSPC. */
  async function fillLeaving(free: number): Promise<string> {
    const filler = path.join(mediaDir, 'filler')
    await writeFile(filler, Buffer.alloc(TMPFS_BYTES)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOSPC') throw error
    })
    await truncate(filler, (await stat(filler)).size - free)
    return filler
  }

  async function files(): Promise<string[]> {
    const entries = await readdir(mediaDir, { recursive: true, withFileTypes: true })
    return entries.filter((entry) => entry.isFile()).map((entry) => entry.name)
  }

  it('speech cut short by ENOSPC: the generic error, refunded, no partial file, then works', async (context) => {
    if (!mounted) context.skip()
    const ada = await t.signUp()
    const asAda = t.trpc(ada)
    const before = await balanceOf(t.db.prisma, ada.user.id)
    // Half a page free: the MP3 (about 16 KB) starts to be written, then the kernel refuses the rest.
    const filler = await fillLeaving(2048)

    const error = await asAda.generation.speech.mutate({ input: 'Hello', voice: 'alloy' }).catch((caught) => caught)
    expect(error).toBeInstanceOf(TRPCClientError)
    expect(error).toMatchObject({ message: 'Something went wrong. Please try again.' })
    expect(await files()).toEqual(['filler'])
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before)
    expect(await t.db.prisma.storedMedia.count({ where: { userId: ada.user.id } })).toBe(0)

    await rm(filler)
    const result = await asAda.generation.speech.mutate({ input: 'Hello', voice: 'alloy' })
    expect((await t.app.inject({ method: 'GET', url: result.audio.url, headers: ada.bearer })).statusCode).toBe(200)
    expect(await balanceOf(t.db.prisma, ada.user.id)).toBe(before - 1)
  })
})
