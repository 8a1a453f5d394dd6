import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

import { useTestApp } from '../testing/use-test-app.ts'
import { bulkCalls, readResultsCsv } from './bulk-test-calls.ts'

const DOCS = fileURLToPath(new URL('../../../../docs/bulk-runs.md', import.meta.url))
const README = fileURLToPath(new URL('../../../../README.md', import.meta.url))
const run = promisify(execFile)

// The local model answers the rows, over real HTTP: the example runs with the real curl.
const t = useTestApp({ seed: true, listen: true, env: { LOCAL_MODEL_CHUNK_DELAY_MS: '0' } })
const { balanceOf } = bulkCalls(t)

/** The shell command between the `bulk-curl-example` markers of a Markdown file, or null without them. */
async function curlExample(file: string): Promise<string | null> {
  const text = await readFile(file, 'utf8')
  const block = /<!-- bulk-curl-example:start -->\s*```sh\n([\s\S]*?)```\s*<!-- bulk-curl-example:end -->/.exec(text)
  return block?.[1]?.trim() ?? null
}

describe('the curl example of docs/bulk-runs.md (and README.md)', () => {
  it('runs as written with a fresh key: uploads the CSV, polls until done, prints the results', async () => {
    const example = await curlExample(DOCS)
    if (example === null) throw new Error('docs/bulk-runs.md has no bulk-curl-example block')
    // README carries the same example once it is pasted there: never a different one.
    const inReadme = await curlExample(README)
    if (inReadme !== null) expect(inReadme).toBe(example)

    const ada = await t.signUp()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/keys',
      headers: ada.bearer,
      payload: { name: 'Bulk example', scopes: ['generate'] },
    })
    const key = created.json<{ data: { key: string } }>().data.key
    const before = await balanceOf(ada)
    const folder = await mkdtemp(path.join(tmpdir(), 'promptly-bulk-example-'))
    try {
      const { stdout } = await run('sh', ['-c', example], {
        cwd: folder,
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PROMPTLY_URL: t.baseUrl, PROMPTLY_KEY: key },
      })
      const table = readResultsCsv(stdout)
      expect(table.header).toEqual(['Who you are', 'What you post about', 'Tone', 'status', 'output', 'error'])
      expect(table.rows.map((cells) => [cells[0], cells[3], cells[5]])).toEqual([
        ['Product designer at a fintech startup', 'done', ''],
        ['Pastry chef in Lyon', 'done', ''],
      ])
      for (const cells of table.rows) expect(cells[4]?.length).toBeGreaterThan(20)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
    expect(await balanceOf(ada)).toBe(before - 2)
  })
})
