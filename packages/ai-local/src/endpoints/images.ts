import { z } from 'zod'

import { imagePrompt } from '@promptly/core/generation/media'
import { IMAGE_STYLES } from '@promptly/core/generation/media-options'

import { abortedWhenClientLeaves } from '../client-abort.ts'
import { NOT_A_JSON_OBJECT, readJsonBody, sendJson, type EndpointHandler } from '../http.ts'
import { parseImagePrompt } from '../images/image-prompt.ts'
import { IMAGE_SIZES, renderLocalImages } from '../images/render-image.ts'

/**
 * `POST /v1/images/generations`: OpenAI's request body in, `{ created, data: [{ b64_json,
 * revised_prompt }] }` out, PNG pictures drawn by the local renderer (src/images/). The picture's
 * style comes from the prompt's `Style:` line (as the app sends it); `style` may also name one of
 * the app's styles, for callers that talk to this server directly, while OpenAI's own vivid and
 * natural, `user` and gpt-image's extra fields are accepted and ignored. Only base64 answers:
 * there is nowhere to host a URL.
 */

/** DALL-E 3 takes prompts up to 4,000 characters. */
const MAX_PROMPT_CHARS = 4_000
/** DALL-E's two qualities and gpt-image's four; the higher ones draw the hd detail. */
const QUALITIES = ['standard', 'hd', 'low', 'medium', 'high', 'auto'] as const
const DETAILED = new Set<string>(['hd', 'high'])

const imageBody = z.object(
  {
    model: z.string({ error: 'model must be text' }).min(1, { error: 'model is required' }).optional(),
    prompt: z
      .string({ error: 'prompt is required' })
      .max(MAX_PROMPT_CHARS, { error: `prompt is longer than ${MAX_PROMPT_CHARS} characters` })
      .refine((prompt) => prompt.trim() !== '', { error: 'prompt is empty' }),
    n: z
      .number({ error: 'n must be a number' })
      .int({ error: 'n must be a whole number' })
      .min(1, { error: 'n must be between 1 and 10' })
      .max(10, { error: 'n must be between 1 and 10' })
      .nullish(),
    size: z.enum(IMAGE_SIZES, { error: `size must be one of ${IMAGE_SIZES.join(', ')}` }).nullish(),
    quality: z.enum(QUALITIES, { error: 'quality must be standard or hd' }).nullish(),
    response_format: z.enum(['b64_json'], { error: 'response_format must be b64_json with the local model' }).nullish(),
    style: z
      .enum(['vivid', 'natural', ...IMAGE_STYLES], {
        error: `style must be vivid, natural or one of ${IMAGE_STYLES.join(', ')}`,
      })
      .nullish(),
  },
  NOT_A_JSON_OBJECT,
)

export const handleImageGeneration: EndpointHandler = async (request, response) => {
  const body = await readJsonBody(request, response, imageBody, 'The request body is not a valid image request.')
  if (!body) return
  const { n, size, quality, style } = body
  const namesAppStyle = style !== undefined && style !== null && style !== 'vivid' && style !== 'natural'
  const hasStyleLine = parseImagePrompt(body.prompt).text !== body.prompt.trim()
  const prompt = namesAppStyle && !hasStyleLine ? imagePrompt(body.prompt, style) : body.prompt
  const clientLeft = abortedWhenClientLeaves(response)
  try {
    const images = await renderLocalImages({
      prompt,
      n: n ?? 1,
      size: size ?? '1024x1024',
      detail: quality && DETAILED.has(quality) ? 'hd' : 'standard',
      signal: clientLeft.signal,
    })
    sendJson(response, 200, {
      created: Math.floor(Date.now() / 1000),
      data: images.map((image) => ({ b64_json: image.png.toString('base64'), revised_prompt: image.revisedPrompt })),
    })
  } catch (error) {
    if (clientLeft.signal.aborted) return // the queued pictures were dropped; nobody is listening
    throw error // the server answers 500
  } finally {
    clientLeft.release()
  }
}
