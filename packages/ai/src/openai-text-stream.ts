import { AiProviderError, toAiProviderError } from './errors.ts'
import { linkedController, untilAborted, type OpenAiContext } from './openai-call.ts'
import type { TextRequest } from './provider.ts'

/**
 * A streamed chat completion, piece by piece. Each chunk must arrive within the timeout (the SDK's
 * own timeout ends when the headers arrive); a stream that ends without a finish reason was cut short.
 */
export async function* streamOpenAiText(
  { clientReady, models, timeoutMs, forwardSeed }: OpenAiContext,
  request: TextRequest,
): AsyncGenerator<string> {
  const attempt = linkedController(request.signal)
  let stalled = false
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  // One timer per stream, restarted at each chunk (refresh() allocates nothing; a stream has hundreds).
  const awaitNextChunk = () => {
    if (idleTimer) idleTimer.refresh()
    else
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
          ...(forwardSeed && request.seed !== undefined ? { seed: request.seed } : {}),
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
}
