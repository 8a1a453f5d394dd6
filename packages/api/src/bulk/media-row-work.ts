import { AiProviderError } from '@promptly/ai/errors'
import type { MediaRowRequest } from '@promptly/core/bulk/media-form'
import { imagePrompt } from '@promptly/core/generation/media'
import { readMp3 } from '@promptly/core/media/mp3'
import type { Prisma } from '@promptly/db/client'

import type { AuthedContext } from '../context.ts'
import type { MediaSink, OneShotResult } from '../generation/one-shot-generation.ts'
import { providerImageAsJpeg } from '../generation/provider-image-jpeg.ts'
import { textAsHtml } from '../generation/text-as-html.ts'

/** What history keeps as the generation's input: what the single run keeps for the same request. */
export function mediaRowHistoryInput(row: MediaRowRequest): Prisma.InputJsonValue {
  if (row.kind === 'image') {
    const { prompt, n, quality, style } = row.request
    return { prompt, n, quality, style }
  }
  return { input: row.request.input, voice: row.request.voice }
}

/**
 * One media row's work, as the single run does it: the provider asked, its answer checked (an image
 * that does not decode, audio that is not an MP3 is a provider failure) and stored through the sink
 * as the single run stores it (a JPEG image, an MP3), and the history text the single run keeps.
 */
export async function mediaRowWork(
  ctx: AuthedContext,
  row: MediaRowRequest,
  sink: MediaSink,
): Promise<OneShotResult<Record<string, never>>> {
  if (row.kind === 'image') {
    const { prompt, style, n, quality } = row.request
    const result = await ctx.ai.generateImages({ prompt: imagePrompt(prompt, style), n, quality })
    const images = result.images.slice(0, n)
    if (images.length < n) throw new AiProviderError('unavailable', { details: { providerCode: 'too_few_images' } })
    for (const image of images) await sink.store(await providerImageAsJpeg(image), 'image/jpeg')
    return { output: textAsHtml(`${prompt}\nStyle: ${style}`), model: result.model, value: {} }
  }
  const speech = await ctx.ai.synthesizeSpeech({ input: row.request.input, voice: row.request.voice })
  if (!readMp3(speech.audio)) throw new AiProviderError('unavailable', { details: { providerCode: 'not_mp3' } })
  await sink.store(speech.audio, 'audio/mpeg')
  return { output: textAsHtml(row.request.input), model: speech.model, value: {} }
}
