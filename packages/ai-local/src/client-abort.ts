import type { ServerResponse } from 'node:http'

/**
 * A signal that aborts when the client hangs up before the answer is complete, so the work done
 * for it (a flite run, a recogniser process) stops rather than finishing for nobody.
 */
export function abortedWhenClientLeaves(response: ServerResponse): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController()
  const onClose = () => {
    if (!response.writableFinished)
      controller.abort(new DOMException('The client closed the connection.', 'AbortError'))
  }
  response.once('close', onClose)
  return { signal: controller.signal, release: () => response.off('close', onClose) }
}
