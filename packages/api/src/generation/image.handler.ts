import { AiProviderError } from '@promptly/ai/errors'
import { creditCost } from '@promptly/core/credits/costs'
import { imagePrompt } from '@promptly/core/generation/media'

import type { SharedMediaItem } from '../media/media-item.schema.ts'
import { voiceForRun } from '../voices/voice-for-run.ts'
import type { ImageOutput, ParsedImageInput } from './image.schema.ts'
import { runOneShot, type OneShotCall } from './one-shot-generation.ts'
import { providerImageAsJpeg } from './provider-image-jpeg.ts'
import { textAsHtml } from './text-as-html.ts'

/** The input as parsed by imageInput, so the defaults (quality, n, style) are filled in. */
export type GenerateImagesOptions = OneShotCall<ParsedImageInput>

/**
 * `generation.image` and REST `POST /response/image`: n images for the prompt and style (and a brand
 * voice's style words, when one is named: NOT_FOUND for a voice not the caller's), each
 * stored as a JPEG (the screen saves them as image.jpg), served to the owner at /media/{id} and to
 * anyone holding its share URL (a signed, expiring capability).
 * Costs n x (hd 2, standard 1) credits, all refunded (and anything stored deleted) if any image
 * fails: the user asked for n, a partial answer is not what was paid for.
 */
export async function generateImages({ ctx, input, signal }: GenerateImagesOptions): Promise<ImageOutput> {
  const cost = creditCost({ kind: 'image', n: input.n, quality: input.quality })
  const voice = await voiceForRun(ctx, input.voiceId)
  const asked = { prompt: input.prompt, n: input.n, quality: input.quality, style: input.style }
  return runOneShot({ ctx, signal }, { kind: 'image', cost, input: asked, voice }, async (sink) => {
    const result = await ctx.ai.generateImages({
      prompt: imagePrompt(input.prompt, input.style, voice ? voiceStyleWords(voice) : []),
      n: input.n,
      quality: input.quality,
      ...(signal && { signal }),
    })
    if (result.images.length < input.n)
      throw new AiProviderError('unavailable', { details: { providerCode: 'too_few_images' } })
    const images: SharedMediaItem[] = []
    // One at a time: a 2-core machine gains nothing from parallel encodes, and memory stays flat.
    for (const image of result.images.slice(0, input.n)) {
      images.push(await sink.store(await providerImageAsJpeg(image, signal), 'image/jpeg'))
    }
    return {
      output: textAsHtml(`${input.prompt}\nStyle: ${input.style}`),
      model: result.model,
      value: { images, cost },
    }
  })
}

/** What an image takes from a brand voice: its tone and its words to use, as style words. */
function voiceStyleWords(voice: { tone: string; wordsToUse: readonly string[] }): string[] {
  return [voice.tone, ...voice.wordsToUse].filter((word) => word !== '')
}
