import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'

import type { User } from '@promptly/db/generated/prisma/client'

import type { IdentityProvider } from './identity-provider.ts'
import { decorateRequestUser, requestUser } from './request-user.ts'

/** An identity that counts its lookups and knows every caller by their `x-user` header. */
function countingIdentity() {
  const lookups: string[] = []
  const identity: IdentityProvider = {
    kind: 'local',
    register: async () => undefined,
    knownCaller: () => undefined,
    async identify(req) {
      const name = String(req.headers['x-user'])
      lookups.push(name)
      return { id: name, role: 'user', email: `${name}@example.test`, emailVerifiedAt: new Date() } as User
    },
  }
  return { identity, lookups }
}

describe('requestUser', () => {
  it('looks the caller up once per request, however many handlers ask, and again for the next request', async () => {
    const { identity, lookups } = countingIdentity()
    const app = Fastify()
    decorateRequestUser(app)
    const asked = (req: Parameters<typeof requestUser>[0]) => requestUser(req, identity, ['ada@example.test'])
    app.addHook('preHandler', async (req) => {
      await asked(req)
    })
    app.get('/who', async (req) => {
      const [first, second] = await Promise.all([asked(req), asked(req)])
      return { same: first === second, id: first?.id, isAdmin: first?.isAdmin }
    })
    try {
      const ada = await app.inject({ url: '/who', headers: { 'x-user': 'ada' } })
      expect(ada.json()).toEqual({ same: true, id: 'ada', isAdmin: true })
      const bob = await app.inject({ url: '/who', headers: { 'x-user': 'bob' } })
      expect(bob.json()).toEqual({ same: true, id: 'bob', isAdmin: false })
      expect(lookups).toEqual(['ada', 'bob'])
    } finally {
      await app.close()
    }
  })
})
