import { describe, expect, it } from 'vitest'

import { aiConfigFromEnv } from '@promptly/ai/config'
import { AiProviderError } from '@promptly/ai/errors'
import { formGroups } from '@promptly/core/catalogue/tool'
import { composePrompt } from '@promptly/core/generation/compose-prompt'
import { sanitizeHtml } from '@promptly/core/generation/sanitize-html'

import { createLocalAiProvider } from './local-ai-provider.ts'
import { LOCAL_MODELS } from './local-server.ts'

const bioTool = formGroups.parse([
  [
    {
      text: 'Who you are',
      placeholder: 'Who you are',
      gpt: 'Write 5 different X (Twitter) bios, each at most 160 characters, for this person: {value}.',
      type: 'textarea',
    },
    { text: 'Topics', placeholder: 'What you post about', gpt: 'They mainly post about: {value}.', type: 'input' },
  ],
  [
    {
      text: 'Tone',
      placeholder: 'Select a tone',
      gpt: 'Use a {value} tone of voice.',
      type: 'tone',
      options: ['Friendly', 'Professional', 'Witty'],
    },
    {
      text: 'Emojis',
      placeholder: 'Emojis',
      gpt: '{value}',
      type: 'switch',
      options: ['Add one or two fitting emojis to each bio.', 'Do not use emojis.'],
    },
  ],
])

describe('createLocalAiProvider', () => {
  it('uses the built-in local model, and says so', () => {
    const provider = createLocalAiProvider(aiConfigFromEnv({}))
    expect(provider).toMatchObject({ name: 'local', isLocal: true, models: LOCAL_MODELS })
  })
})

describe('the local model, through the same SDK client', () => {
  const provider = createLocalAiProvider(aiConfigFromEnv({ LOCAL_MODEL_CHUNK_DELAY_MS: '0' }))

  async function generate(values: (string | boolean)[][]): Promise<{ html: string; chunks: number; prompt: string }> {
    const { system, prompt } = composePrompt(bioTool, values)
    let html = ''
    let chunks = 0
    for await (const piece of provider.streamText({ system, prompt })) {
      html += piece
      chunks += 1
    }
    return { html, chunks, prompt }
  }

  it('streams on-topic HTML in several chunks: the subject and topics, not the prompt', async () => {
    const { html, chunks, prompt } = await generate([
      ['Marine biologist and diver', 'coral reefs, ocean plastic'],
      ['Friendly', false],
    ])
    expect(chunks).toBeGreaterThan(5)
    expect(html).toMatch(/^<p>.*<\/ol>$/s)
    expect(html).toContain('Marine biologist and diver')
    expect(html).toMatch(/coral reefs|ocean plastic/)
    for (const line of prompt.split('\n')) expect(html).not.toContain(line)
    expect(html).not.toMatch(/lorem|ipsum|\{value\}|undefined/i)
    // Only what the sanitiser keeps: the page shows it as the model wrote it.
    expect(sanitizeHtml(html)).toBe(html)
    // Five bios, each within the 160 characters asked for, with no emoji (the switch was off).
    const bios = [...html.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1] ?? '')
    expect(bios).toHaveLength(5)
    for (const bio of bios) expect(bio.length).toBeLessThanOrEqual(160)
    expect(html).not.toMatch(/\p{Extended_Pictographic}/u)
  })

  it('answers the same prompt the same way, and different inputs visibly differently', async () => {
    const first = await generate([
      ['Pastry chef in Lyon', 'croissants, lamination'],
      ['Witty', true],
    ])
    const again = await generate([
      ['Pastry chef in Lyon', 'croissants, lamination'],
      ['Witty', true],
    ])
    const otherTone = await generate([
      ['Pastry chef in Lyon', 'croissants, lamination'],
      ['Professional', true],
    ])
    const otherPerson = await generate([
      ['Data engineer', 'SQL, pipelines'],
      ['Witty', true],
    ])
    expect(again.html).toBe(first.html)
    expect(otherTone.html).not.toBe(first.html)
    expect(otherPerson.html).toContain('Data engineer')
    expect(otherPerson.html).not.toContain('Pastry chef')
    expect(first.html).toMatch(/\p{Extended_Pictographic}/u)
  })

  it('writes another text for another attempt (seed) at the same inputs, over HTTP', async () => {
    const values = [
      ['Pastry chef in Lyon', 'croissants, lamination'],
      ['Witty', true],
    ]
    const { system, prompt } = composePrompt(bioTool, values)
    const attempt = async (seed: number) => {
      let html = ''
      for await (const piece of provider.streamText({ system, prompt, seed })) html += piece
      return html
    }
    const first = await attempt(1)
    expect(await attempt(2)).not.toBe(first)
    expect(await attempt(1)).toBe(first)
  })

  it('draws images with the local model', async () => {
    const result = await provider.generateImages({ prompt: 'a fox', n: 2, quality: 'standard', size: '1024x1024' })
    expect(result).toMatchObject({ model: LOCAL_MODELS.image, images: [{ url: null }, { url: null }] })
    for (const image of result.images)
      expect(
        Buffer.from(image.base64 ?? '', 'base64')
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG')
  })

  it("answers a bad image request with 'bad_request', without retrying", async () => {
    // Not retried: the SDK does not retry a 400 (checked against a fake server in @promptly/ai), and
    // the local server's answer also says `x-should-retry: false` (checked in its own tests).
    const images = await provider
      .generateImages({ prompt: '   ', n: 1, quality: 'standard' })
      .catch((error: unknown) => error)
    expect(images).toBeInstanceOf(AiProviderError)
    expect(images).toMatchObject({ code: 'bad_request' })
  })

  it('is cancelled mid-stream by the caller', async () => {
    const slow = createLocalAiProvider(aiConfigFromEnv({ LOCAL_MODEL_CHUNK_DELAY_MS: '20' }))
    const controller = new AbortController()
    const { system, prompt } = composePrompt(bioTool, [['Beekeeper', 'honey, hives']])
    let received = 0
    const outcome = (async () => {
      for await (const _piece of slow.streamText({ system, prompt, signal: controller.signal })) {
        received += 1
        if (received === 2) controller.abort()
      }
    })()
    await expect(outcome).rejects.toMatchObject({ code: 'cancelled' })
    expect(received).toBe(2)
  })
})
