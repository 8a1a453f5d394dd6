/** What the error screen says about an error: its message, or the HTTP status of a failed response. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name
  if (typeof error === 'object' && error !== null) {
    const { status, statusText, message } = error as { status?: unknown; statusText?: unknown; message?: unknown }
    if (typeof message === 'string' && message !== '') return message
    if (typeof status === 'number')
      return typeof statusText === 'string' && statusText !== '' ? `${status} ${statusText}` : String(status)
  }
  if (typeof error === 'string' && error !== '') return error
  return 'Unknown error'
}

export function errorStack(error: unknown): string | null {
  return error instanceof Error && typeof error.stack === 'string' ? error.stack : null
}
