import { AiProviderError } from './errors.ts'
import { callOpenAi, type OpenAiContext } from './openai-call.ts'
import type { GeneratedImage, ImageRequest, ImageResult } from './provider.ts'

/** dall-e-3 makes one image per request: n images are n requests. */
const SINGLE_IMAGE_MODELS = new Set(['dall-e-3'])

/** n images in the request's style, as base64 or URLs, each as the server answered it. */
export function generateOpenAiImages(ctx: OpenAiContext, request: ImageRequest): Promise<ImageResult> {
  return callOpenAi(ctx, 'images', request.signal, async (client, signal) => {
    const model = ctx.models.image
    const prompt = request.style ? `${request.prompt}\nStyle: ${request.style}.` : request.prompt
    const isDallE = model.startsWith('dall-e')
    const params = {
      model,
      prompt,
      quality: request.quality,
      size: request.size ?? '1024x1024',
      // gpt-image models always answer in base64 and refuse the parameter.
      ...(isDallE ? { response_format: 'b64_json' as const } : {}),
    }
    const perRequest = SINGLE_IMAGE_MODELS.has(model) ? 1 : request.n
    const requests = Math.ceil(request.n / perRequest)
    const answers = await Promise.all(
      Array.from({ length: requests }, () =>
        client.images.generate({ ...params, n: perRequest, stream: false }, { signal }),
      ),
    )
    // The SDK types the answer but never checks it: an image without a usable base64 or URL (a
    // misbehaving server's other shape) is dropped here, so the call ends as 'unavailable'
    // (no_images) rather than as a TypeError, a 500, in the handler.
    const images: GeneratedImage[] = answers
      .flatMap((answer) =>
        (Array.isArray(answer.data) ? answer.data : []).map((image) => ({
          base64: textOrNull(image?.b64_json),
          url: textOrNull(image?.url),
          revisedPrompt: textOrNull(image?.revised_prompt),
        })),
      )
      .filter((image) => image.base64 !== null || image.url !== null)
    if (images.length === 0) throw new AiProviderError('unavailable', { details: { providerCode: 'no_images' } })
    return { images: images.slice(0, request.n), model }
  })
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}
