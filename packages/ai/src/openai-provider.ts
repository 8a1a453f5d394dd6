import { toFile, type OpenAI } from 'openai'

import { AiProviderError, toAiProviderError, type AiCapability } from './errors.ts'
import type {
  AiModels,
  AiProvider,
  GeneratedImage,
  ImageRequest,
  ImageResult,
  SpeechRequest,
  SpeechResult,
  TextRequest,
  TranscriptionRequest,
  TranscriptionResult,
} from './provider.ts'

export interface OpenAiProviderOptions {
  name: AiProvider['name']
  /** The SDK client, or a promise of it (the local server starts on first use). */
  client: OpenAI | Promise<OpenAI>
  models: AiModels
  /** Longest wait for the next streamed chunk (the SDK's own timeout ends when the headers arrive). */
  timeoutMs: number
  /**
   * Sends TextRequest.seed as the chat request's `seed`. Only the local model needs it; requests to
   * remote servers stay as they were.
   */
  forwardSeed?: boolean
}

/** dall-e-3 makes one image per request: n images are n requests. */
const SINGLE_IMAGE_MODELS = new Set(['dall-e-3'])

/** A transcription may take this many times the configured timeout. */
const TRANSCRIPTION_TIMEOUT_FACTOR = 4

/** An AiProvider over the `openai` SDK; the client decides which server answers. */
export function createOpenAiProvider(options: OpenAiProviderOptions): AiProvider {
  const { models, timeoutMs } = options
  const clientReady = Promise.resolve(options.client)
  // A failed local start is reported by the first call; it must not also be an unhandled rejection.
  clientReady.catch(() => undefined)

  async function call<T>(
    capability: AiCapability,
    signal: AbortSignal | undefined,
    run: (client: OpenAI, signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    const attempt = linkedController(signal)
    try {
      const client = await clientReady
      return await untilAborted(run(client, attempt.controller.signal), attempt.controller.signal)
    } catch (error) {
      throw toAiProviderError(error, capability)
    } finally {
      attempt.release()
    }
  }

  return {
    name: options.name,
    isLocal: options.name === 'local',
    models,

    async *streamText(request: TextRequest): AsyncGenerator<string> {
      const attempt = linkedController(request.signal)
      let stalled = false
      let idleTimer: ReturnType<typeof setTimeout> | undefined
      const awaitNextChunk = () => {
        clearTimeout(idleTimer)
        idleTimer = setTimeout(() => {
          stalled = true
          attempt.controller.abort()
        }, timeoutMs)
      }
      try {
        const client = await clientReady
        const stream = await untilAborted(
          client.chat.completions.create(
            {
              model: request.model ?? models.chat,
              stream: true,
              ...(options.forwardSeed && request.seed !== undefined ? { seed: request.seed } : {}),
              messages: [
                { role: 'system', content: request.system },
                { role: 'user', content: request.prompt },
              ],
            },
            { signal: attempt.controller.signal },
          ),
          attempt.controller.signal,
        )
        awaitNextChunk()
        let finished = false
        for await (const chunk of stream) {
          // Chunks the SDK had already buffered must not reach a caller who has stopped listening.
          if (attempt.controller.signal.aborted) break
          awaitNextChunk()
          const choice = chunk.choices[0]
          const text = choice?.delta?.content
          if (text) yield text
          if (choice?.finish_reason) finished = true
        }
        // The SDK ends an aborted stream quietly, as if it were complete: tell the cases apart here.
        if (stalled) throw new AiProviderError('timeout')
        if (request.signal?.aborted) throw new AiProviderError('cancelled')
        if (!finished) throw new AiProviderError('unavailable', { details: { providerCode: 'stream_cut_short' } })
      } catch (error) {
        throw stalled ? new AiProviderError('timeout') : toAiProviderError(error, 'text')
      } finally {
        clearTimeout(idleTimer)
        // Also closes the connection when the consumer stops reading early.
        attempt.controller.abort()
        attempt.release()
      }
    },

    generateImages(request: ImageRequest): Promise<ImageResult> {
      return call('images', request.signal, async (client, signal) => {
        const model = models.image
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
    },

    synthesizeSpeech(request: SpeechRequest): Promise<SpeechResult> {
      return call('speech', request.signal, async (client, signal) => {
        const response = await client.audio.speech.create(
          { model: models.speech, voice: request.voice, input: request.input, response_format: 'mp3' },
          { signal },
        )
        return { audio: new Uint8Array(await response.arrayBuffer()), contentType: 'audio/mpeg', model: models.speech }
      })
    },

    transcribe(request: TranscriptionRequest): Promise<TranscriptionResult> {
      return call('transcription', request.signal, async (client, signal) => {
        const file = await toFile(request.audio, request.fileName, { type: request.contentType ?? 'audio/mpeg' })
        // Recognition takes time in proportion to the audio (the local recogniser: about a quarter of
        // its length, so up to 2.5 minutes for the 10 allowed), not a fixed answer time.
        const timeout = timeoutMs * TRANSCRIPTION_TIMEOUT_FACTOR
        const transcription = await client.audio.transcriptions.create(
          { file, model: models.transcription },
          { signal, timeout },
        )
        if (typeof transcription.text !== 'string')
          throw new AiProviderError('unavailable', { details: { providerCode: 'malformed_answer' } })
        return { text: transcription.text, model: models.transcription }
      })
    },
  }
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

/** A controller aborted when the caller's signal is, so the provider can also abort on its own. */
function linkedController(outer: AbortSignal | undefined): { controller: AbortController; release: () => void } {
  const controller = new AbortController()
  if (!outer) return { controller, release: () => undefined }
  const abort = () => controller.abort(outer.reason)
  if (outer.aborted) abort()
  else outer.addEventListener('abort', abort, { once: true })
  return { controller, release: () => outer.removeEventListener('abort', abort) }
}

/**
 * Settles as soon as `signal` aborts, even while the SDK sleeps between retries (its backoff sleep
 * does not watch the signal). The SDK's own promise then rejects later; that rejection is absorbed.
 */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  work.catch(() => undefined)
  if (signal.aborted) return Promise.reject(new AiProviderError('cancelled'))
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new AiProviderError('cancelled'))
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error)
      },
    )
  })
}
