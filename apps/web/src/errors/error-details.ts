/**
 * What the error screen says about an error: its message, or the HTTP status of a failed response;
 * null when it carries neither (the screen then says so in the page's language).
 */
export function describeError(error: unknown): string | null {
  if (error instanceof Error) return error.message || error.name
  if (typeof error === 'object' && error !== null) {
    const { status, statusText, message } = error as { status?: unknown; statusText?: unknown; message?: unknown }
    if (typeof message === 'string' && message !== '') return message
    if (typeof status === 'number')
      return typeof statusText === 'string' && statusText !== '' ? `${status} ${statusText}` : String(status)
  }
  if (typeof error === 'string' && error !== '') return error
  return null
}

export function errorStack(error: unknown): string | null {
  return error instanceof Error && typeof error.stack === 'string' ? error.stack : null
}
