import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

/** The keys a fake bucket checks presigned URLs with. */
export interface FakeS3Credentials {
  accessKeyId: string
  secretAccessKey: string
}

/** Why a presigned request is refused, in S3's words (all answered 403 AccessDenied, as S3 does). */
export type PresignedRefusal = 'malformed' | 'unknown-key' | 'expired' | 'bad-signature'

/** SigV4's longest presigned life: 7 days. */
const MAX_EXPIRES_SECONDS = 604_800

/** Whether the URL carries SigV4 query authentication at all (a presigned URL). */
export function isPresigned(url: URL): boolean {
  return url.searchParams.get('X-Amz-Algorithm') === 'AWS4-HMAC-SHA256'
}

/**
 * Checks a SigV4 presigned GET as S3 does: the access key, X-Amz-Date plus X-Amz-Expires against
 * the clock, and the signature over the canonical request (method, path as sent, every query
 * parameter but the signature, the signed host header, an unsigned payload). Null when it holds.
 */
export function presignedRefusal(
  method: string,
  rawUrl: string,
  host: string | undefined,
  credentials: FakeS3Credentials,
  nowMs: number = Date.now(),
): PresignedRefusal | null {
  const url = new URL(rawUrl, 'http://fake-s3')
  const query = url.searchParams
  const credential = query.get('X-Amz-Credential')?.split('/')
  const amzDate = query.get('X-Amz-Date') ?? ''
  const expires = Number(query.get('X-Amz-Expires'))
  const signature = query.get('X-Amz-Signature') ?? ''
  const signedHeaders = query.get('X-Amz-SignedHeaders')
  const signedAt = parseAmzDate(amzDate)
  if (!credential || credential.length !== 5 || signedAt === null || signedHeaders !== 'host' || !host)
    return 'malformed'
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_EXPIRES_SECONDS) return 'malformed'
  const [accessKeyId, day, region, service, terminal] = credential as [string, string, string, string, string]
  if (accessKeyId !== credentials.accessKeyId) return 'unknown-key'
  if (nowMs > signedAt + expires * 1000) return 'expired'

  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? compare(av, bv) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const canonicalRequest = [method, url.pathname, canonicalQuery, `host:${host}`, '', 'host', 'UNSIGNED-PAYLOAD'].join(
    '\n',
  )
  const scope = `${day}/${region}/${service}/${terminal}`
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n')
  let key: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, day)
  for (const part of [region, service, terminal]) key = hmac(key, part)
  const expected = Buffer.from(createHmac('sha256', key).update(stringToSign).digest('hex'))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : 'bad-signature'
}

/** `20261206T043000Z` as milliseconds, or null. */
function parseAmzDate(value: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value)
  if (!match) return null
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number]
  return Date.UTC(y, mo - 1, d, h, mi, s)
}

/** SigV4's encoding: encodeURIComponent, plus the reserved characters it leaves alone. */
function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest()
