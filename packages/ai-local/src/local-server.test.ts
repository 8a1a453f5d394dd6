import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import {
  acquireLocalModelServer,
  CHUNK_DELAY_HEADER,
  chunksOf,
  createLocalModelServer,
  LOCAL_MODELS,
  startLocalModelServer,
  type LocalModelServer,
} from './local-server.ts'

let server: LocalModelServer

beforeAll(async () => {
  server = await createLocalModelServer({ chunkDelayMs: 0 })
})
afterAll(() => server.close())

const chatBody = (extra: object = {}) =>
  JSON.stringify({
    model: 'anything',
    messages: [
      { role: 'system', content: 'Answer in HTML.' },
      { role: 'user', content: 'Write 3 Instagram captions for a post that shows: our new autumn candles.' },
    ],
    ...extra,
  })

function post(
  path: string,
  body: string,
  token = server.token,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body,
  })
}

describe('the local OpenAI-compatible server', () => {
  it('listens on loopback only', () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/)
  })

  it('refuses a request without its bearer token', async () => {
    const response = await post('/chat/completions', chatBody(), 'wrong')
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ error: { code: 'invalid_api_key' } })
  })

  it('answers a plain chat completion in the OpenAI shape', async () => {
    const response = await post('/chat/completions', chatBody())
    expect(response.status).toBe(200)
    const body = (await response.json()) as {
      object: string
      model: string
      choices: Array<{ message: { role: string; content: string }; finish_reason: string }>
      usage: { total_tokens: number }
    }
    expect(body).toMatchObject({ object: 'chat.completion', model: LOCAL_MODELS.chat })
    expect(body.choices[0]).toMatchObject({ message: { role: 'assistant' }, finish_reason: 'stop' })
    expect(body.choices[0]?.message.content).toContain('autumn candles')
    expect(body.usage.total_tokens).toBeGreaterThan(0)
  })

  it('streams SSE chunks: the role first, the content, a stop, the usage when asked, then [DONE]', async () => {
    const response = await post(
      '/chat/completions',
      chatBody({ stream: true, stream_options: { include_usage: true } }),
      server.token,
      { [CHUNK_DELAY_HEADER]: '0' },
    )
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const events = (await response.text()).split('\n\n').filter(Boolean)
    expect(events.at(-1)).toBe('data: [DONE]')
    const chunks = events.slice(0, -1).map(
      (event) =>
        JSON.parse(event.replace(/^data: /, '')) as {
          object: string
          choices: Array<{ delta: { role?: string; content?: string }; finish_reason: string | null }>
          usage?: object
        },
    )
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true)
    expect(chunks[0]?.choices[0]?.delta.role).toBe('assistant')
    expect(chunks.at(-2)?.choices[0]?.finish_reason).toBe('stop')
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } })
    const text = chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')
    expect(text).toContain('autumn candles')
    expect(chunks.length).toBeGreaterThan(10)
  })

  it('refuses a malformed request with a 400', async () => {
    const response = await post('/chat/completions', '{"messages": "nope"}')
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ error: { type: 'invalid_request_error' } })
  })

  it('draws a picture at /images/generations', async () => {
    const response = await post(
      '/images/generations',
      JSON.stringify({ model: LOCAL_MODELS.image, prompt: 'a cat', size: '256x256' }),
    )
    expect(response.status).toBe(200)
    const body = (await response.json()) as { data: Array<{ b64_json: string }> }
    // The PNG signature.
    expect(
      Buffer.from(body.data[0]?.b64_json ?? '', 'base64')
        .subarray(0, 8)
        .toString('hex'),
    ).toBe('89504e470d0a1a0a')
  })

  it('refuses an image request without a prompt with a 400 and asks not to retry', async () => {
    const response = await post('/images/generations', '{}')
    expect(response.status).toBe(400)
    expect(response.headers.get('x-should-retry')).toBe('false')
  })

  it('lists its models', async () => {
    const response = await fetch(`${server.baseUrl}/models`, { headers: { authorization: `Bearer ${server.token}` } })
    const body = (await response.json()) as { data: Array<{ id: string }> }
    expect(body.data.map((model) => model.id)).toContain(LOCAL_MODELS.chat)
  })
})

describe('chunksOf', () => {
  it('splits into small pieces that join back to the text and never cut a tag', () => {
    const html =
      '<h3>Caption 1</h3><p>Autumn candles are here, with <strong>three ' +
      'new scents</strong> to try.</p><ol><li>One</li></ol>'
    const chunks = chunksOf(html)
    expect(chunks.join('')).toBe(html)
    expect(chunks.length).toBeGreaterThan(4)
    for (const chunk of chunks) expect(chunk.split('<').length).toBe(chunk.split('>').length)
  })
})

describe('startLocalModelServer', () => {
  it('shares one server per process, and starts a fresh one after it was closed', async () => {
    const first = await startLocalModelServer({ chunkDelayMs: 0 })
    expect(await startLocalModelServer({ chunkDelayMs: 0 })).toBe(first)
    await first.close()

    const second = await startLocalModelServer({ chunkDelayMs: 0 })
    expect(second).not.toBe(first)
    const res = await fetch(`${second.baseUrl}/models`, { headers: { authorization: `Bearer ${second.token}` } })
    expect(res.status).toBeLessThan(500)
    await second.close()
  })
})

describe('acquireLocalModelServer', () => {
  const answers = async (held: LocalModelServer) => {
    const res = await fetch(`${held.baseUrl}/models`, { headers: { authorization: `Bearer ${held.token}` } }).catch(
      () => null,
    )
    return res?.status === 200
  }

  it('keeps the shared server open until the last lease is released, then starts a fresh one', async () => {
    const [first, second] = [acquireLocalModelServer({ chunkDelayMs: 0 }), acquireLocalModelServer({ chunkDelayMs: 0 })]
    const held = await first.server
    expect(await second.server).toBe(held)
    expect(await startLocalModelServer({ chunkDelayMs: 0 })).toBe(held)

    await first.release()
    // Released twice, a lease still counts once: the other app keeps its server.
    await first.release()
    expect(await answers(held)).toBe(true)

    await second.release()
    expect(await answers(held)).toBe(false)
    const next = acquireLocalModelServer({ chunkDelayMs: 0 })
    expect(await next.server).not.toBe(held)
    expect(await answers(await next.server)).toBe(true)
    await next.release()
  })
})
