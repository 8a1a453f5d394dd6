import { z } from 'zod'

/**
 * What a key may do over REST. `read`: every call that changes no credits (catalogue, bookmarks,
 * limits, history, its own keys). `generate`: the calls that charge credits (generations, the
 * dedicated tools, reported usage).
 */
export const API_KEY_SCOPES = ['read', 'generate'] as const
export const apiKeyScope = z.enum(API_KEY_SCOPES)
export type ApiKeyScope = z.infer<typeof apiKeyScope>

/** The key's scopes as stored (text[]): only known ones count, in the canonical order. */
export function storedScopes(scopes: readonly string[]): ApiKeyScope[] {
  return API_KEY_SCOPES.filter((scope) => scopes.includes(scope))
}
