import { AiProviderError } from '@promptly/ai/errors'

/** Longest wait for an image the provider answered with by URL. */
export const IMAGE_FETCH_TIMEOUT_MS = 30_000
/** Largest image accepted from such a URL (a 1792x1024 PNG is a few MB). */
export const IMAGE_FETCH_MAX_BYTES = 20 * 1024 * 1024

/**
 * Downloads an image the provider answered with as a URL (some OpenAI-compatible servers do, and
 * their URLs expire), on the server, so the browser never talks to the provider. Bounded in time
 * and size; http(s) only. Any failure is the provider's: 'unavailable' (or 'cancelled').
 */
export async function fetchProviderImage(url: string, signal?: AbortSignal): Promise<Uint8Array> {
  let target: URL
  try {
    target = new URL(url)
  } catch {
    throw new AiProviderError('unavailable', { details: { providerCode: 'bad_image_url' } })
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new AiProviderError('unavailable', { details: { providerCode: 'bad_image_url' } })
  }
  const timeout = AbortSignal.timeout(IMAGE_FETCH_TIMEOUT_MS)
  try {
    const response = await fetch(target, {
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'follow',
    })
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined)
      throw new AiProviderError('unavailable', { details: { status: response.status, providerCode: 'image_download' } })
    }
    if (Number(response.headers.get('content-length') ?? '0') > IMAGE_FETCH_MAX_BYTES) {
      await response.body.cancel().catch(() => undefined)
      throw tooLarge()
    }
    const chunks: Uint8Array[] = []
    let size = 0
    // A reader loop rather than `for await`: the web app type-checks this file with the DOM's
    // ReadableStream, which has no async iterator.
    const reader = response.body.getReader()
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength
      // The declared length can be absent or wrong: count what actually arrives.
      if (size > IMAGE_FETCH_MAX_BYTES) {
        await reader.cancel()
        throw tooLarge()
      }
      chunks.push(read.value)
    }
    return Buffer.concat(chunks)
  } catch (error) {
    if (error instanceof AiProviderError) throw error
    if (signal?.aborted) throw new AiProviderError('cancelled')
    if (timeout.aborted) throw new AiProviderError('timeout')
    throw new AiProviderError('unavailable', { details: { providerCode: 'image_download' } })
  }
}

function tooLarge(): AiProviderError {
  return new AiProviderError('unavailable', { details: { providerCode: 'image_too_large' } })
}
