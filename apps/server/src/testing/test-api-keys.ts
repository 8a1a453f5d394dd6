import type { FastifyInstance } from 'fastify'

import type { TestAccount } from './local-accounts.ts'

/**
 * A personal API key for `owner`, made through the real route with their session, as a script's
 * author makes one: the header to call with, and nothing else (no cookie goes with it).
 */
export async function createTestApiKey(
  app: FastifyInstance,
  owner: TestAccount,
  scopes: Array<'read' | 'generate'> = ['read', 'generate'],
): Promise<{ authorization: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/keys',
    headers: owner.bearer,
    payload: { name: 'Test script', scopes },
  })
  if (res.statusCode !== 201) throw new Error(`Creating an API key answered ${res.statusCode}: ${res.body}`)
  return { authorization: `Bearer ${res.json<{ data: { key: string } }>().data.key}` }
}
