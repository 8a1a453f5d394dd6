import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

import { openSignedIn } from './accounts.ts'
import { generatorUrl } from './generator.ts'

/**
 * The seeded dedicated tools. Their ids are derived from their slugs (core's tool-id.ts), so they
 * are the same in every database; the page picks each screen by the tool's kind, not by these ids.
 */
export const MEDIA_TOOLS = {
  paraphrase: { id: 'db05dfed-ddad-857a-98d4-e9f331a37d23', name: 'AI Paraphrasing Tool' },
  image: { id: '036db5e6-e288-8ac8-9a78-f1ee551560b6', name: 'AI Image Generator' },
  textToAudio: { id: '24e7d8a1-aa33-8005-bb93-11bb78472533', name: 'Text to Audio Converter' },
  transcription: { id: 'cdcd9756-fae1-82eb-83b8-de32149d6e54', name: 'Audio to Text Transcription' },
} as const

export type MediaTool = (typeof MEDIA_TOOLS)[keyof typeof MEDIA_TOOLS]

/** Signs a new account up straight onto the tool's page and waits for its heading. */
export async function openMediaTool(page: Page, tool: MediaTool): Promise<void> {
  await openSignedIn(page, generatorUrl(tool.id))
  await expect(page.getByRole('heading', { level: 1, name: tool.name })).toBeVisible({ timeout: 15_000 })
}

/** The result area of a dedicated tool (a region named after its heading). */
export function mediaResult(page: Page, title: string): Locator {
  return page.getByRole('region', { name: title })
}

/** The text a field's aria-describedby points at (Mantine ties a field's error to it that way). */
export async function fieldDescription(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  )
}

/**
 * Asks the server for speech (tRPC generation.speech, as the text-to-audio screen does) and returns the MP3's bytes.
 */
export async function speechMp3(request: APIRequestContext, input: string): Promise<Buffer> {
  const response = await request.post('/trpc/generation.speech', { data: { json: { input, voice: 'alloy' } } })
  expect(response.ok(), await response.text()).toBe(true)
  const body = (await response.json()) as { result: { data: { json: { audio: { url: string } } } } }
  const audio = await request.get(body.result.data.json.audio.url)
  expect(audio.headers()['content-type']).toBe('audio/mpeg')
  return audio.body()
}
