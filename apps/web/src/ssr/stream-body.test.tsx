// @vitest-environment node
import { Suspense, use, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'

import { streamBody } from './stream-body.ts'

/** A part of the page that suspends until the test lets it go on. */
function gated() {
  let open = (): void => undefined
  const opened = new Promise<string>((resolve) => (open = () => resolve('the late part')))
  function Late() {
    return <p>{use(opened)}</p>
  }
  return { Late, open }
}

function collect() {
  const chunks: string[] = []
  return { chunks, write: (chunk: Uint8Array) => void chunks.push(Buffer.from(chunk).toString('utf8')) }
}

describe('streaming the body of a page', () => {
  it('writes the whole markup once a suspended part has resolved, in place, with no fallback or script', async () => {
    const { Late, open } = gated()
    const sink = collect()
    const done = streamBody(
      <main>
        <h1>The early part</h1>
        <Suspense fallback={<p>loading</p>}>
          <Late />
        </Suspense>
      </main>,
      'the-nonce',
      sink,
    )
    open()
    await done
    // Sent at the shell, it would hold the fallback and a script that swaps the part in.
    const html = sink.chunks.join('')
    expect(html).toBe('<main><h1>The early part</h1><!--$--><p>the late part</p><!--/$--></main>')
  })

  it("hands React's pieces of a large body on as one chunk", async () => {
    const sink = collect()
    const rows = Array.from({ length: 2000 }, (_, index) => <li key={index}>Tool number {index}</li>)
    await streamBody(<ul>{rows}</ul>, 'the-nonce', sink)
    expect(sink.chunks).toHaveLength(1)
    expect(Buffer.byteLength(sink.chunks[0] ?? '')).toBeGreaterThan(4096 * 4)
  })

  it('rejects when a part fails, and writes nothing', async () => {
    function Broken(): ReactNode {
      throw new Error('the part broke')
    }
    const sink = collect()
    const done = streamBody(
      <main>
        <Suspense fallback={<p>loading</p>}>
          <Broken />
        </Suspense>
      </main>,
      'the-nonce',
      sink,
    )
    await expect(done).rejects.toThrow('the part broke')
    expect(sink.chunks).toEqual([])
  })

  it('rejects when the page is not wanted any more, and writes nothing after', async () => {
    const { Late, open } = gated()
    const sink = collect()
    const left = new AbortController()
    const done = streamBody(
      <Suspense fallback={<p>loading</p>}>
        <Late />
      </Suspense>,
      'the-nonce',
      { ...sink, signal: left.signal },
    )
    left.abort(new Error('the visitor left'))
    await expect(done).rejects.toThrow('the visitor left')
    open()
    expect(sink.chunks).toEqual([])
  })
})
