/**
 * Most procedure calls one tRPC HTTP request may carry. The rate limit counts HTTP requests, so an
 * unbounded batch would multiply it: the server refuses a longer batch (400) and the web client's
 * batch link splits its calls into batches of this size, so it never sends one the server refuses.
 */
export const MAX_BATCH_SIZE = 10
