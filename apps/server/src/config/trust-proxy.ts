import { isIP } from 'node:net'
import { z } from 'zod'

/** proxy-addr's (and so Fastify's) names for whole address ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * TRUST_PROXY: the reverse proxies whose X-Forwarded-For entries are believed, as a comma list of
 * addresses, CIDR ranges or the names loopback, linklocal, uniquelocal. Unset (or `false`): none, so the
 * socket's peer is the client. The client address keys the rate limit and the login throttle, so
 * trusting every hop (`true`) would let any client pick it; Fastify ignores hop counts for the same
 * reason, so neither is accepted. Parses to the list Fastify's `trustProxy` takes; empty means off.
 */
export const trustProxySetting = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
    if (entries.length === 1 && entries[0]!.toLowerCase() === 'false') return []
    if (entries.some((entry) => /^(true|\d+)$/i.test(entry))) {
      ctx.addIssue({
        code: 'custom',
        message:
          "must list the proxies' addresses or CIDR ranges: trusting " +
          'every hop, or a hop count, lets clients pick their address',
      })
      return z.NEVER
    }
    if (!entries.every(isTrustedProxyEntry)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be a comma-separated list of IP addresses, CIDR ranges, loopback, linklocal or uniquelocal',
      })
      return z.NEVER
    }
    return entries
  })

function isTrustedProxyEntry(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  // A /0 range would trust every address, the very thing this setting exists to avoid.
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1
  return bits >= 1 && bits <= (family === 4 ? 32 : 128)
}
