/**
 * Tool ids derived from slugs, identical on every machine and in every database: the footer links
 * to the two bio generators by id, and a re-seeded database must not break bookmarks or shared links.
 * Pure and synchronous (a small SHA-256 below), so the browser bundle can use it without Web Crypto's
 * async API or node:crypto.
 */

/** id of the seeded `x-twitter-bio-generator` tool (equals `toolIdForSlug('x-twitter-bio-generator')`). */
export const X_TWITTER_BIO_TOOL_ID = '218151ba-48d6-8f2d-9029-77dd78f93fcb'
/** id of the seeded `instagram-bio-generator` tool (equals `toolIdForSlug('instagram-bio-generator')`). */
export const INSTAGRAM_BIO_TOOL_ID = 'f917c332-ea67-8753-b089-b66524d18ccf'

/**
 * A UUID made of the first 16 bytes of SHA-256(slug as UTF-8), with the version nibble set to 8
 * ("custom", RFC 9562: its name-based example is built the same way) and the RFC variant bits, so it
 * is a valid UUID for PostgreSQL and for zod's `z.uuid()`.
 */
export function toolIdForSlug(slug: string): string {
  const bytes = sha256(new TextEncoder().encode(slug)).slice(0, 16)
  bytes[6] = (bytes[6]! & 0x0f) | 0x80
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

// SHA-256 round constants: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
])

/** SHA-256 (FIPS 180-4) of `message`. Plain and unhurried: ids are derived a few dozen times, not per request. */
export function sha256(message: Uint8Array): Uint8Array {
  // Padding: a 1 bit, zeros, then the message length in bits as a 64-bit big-endian number.
  const paddedLength = Math.ceil((message.length + 9) / 64) * 64
  const padded = new Uint8Array(paddedLength)
  padded.set(message)
  padded[message.length] = 0x80
  const view = new DataView(padded.buffer)
  const bitLength = message.length * 8
  view.setUint32(paddedLength - 8, Math.floor(bitLength / 0x1_0000_0000))
  view.setUint32(paddedLength - 4, bitLength >>> 0)

  const hash = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ])
  const w = new Uint32Array(64)
  for (let offset = 0; offset < paddedLength; offset += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(offset + i * 4)
    for (let i = 16; i < 64; i++) {
      const w15 = w[i - 15]!
      const w2 = w[i - 2]!
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3)
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10)
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0
    }
    let a = hash[0]!
    let b = hash[1]!
    let c = hash[2]!
    let d = hash[3]!
    let e = hash[4]!
    let f = hash[5]!
    let g = hash[6]!
    let h = hash[7]!
    for (let i = 0; i < 64; i++) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
      const choice = (e & f) ^ (~e & g)
      const t1 = (h + s1 + choice + K[i]! + w[i]!) >>> 0
      const s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
      const majority = (a & b) ^ (a & c) ^ (b & c)
      const t2 = (s0 + majority) >>> 0
      h = g
      g = f
      f = e
      e = (d + t1) >>> 0
      d = c
      c = b
      b = a
      a = (t1 + t2) >>> 0
    }
    hash[0] = hash[0]! + a
    hash[1] = hash[1]! + b
    hash[2] = hash[2]! + c
    hash[3] = hash[3]! + d
    hash[4] = hash[4]! + e
    hash[5] = hash[5]! + f
    hash[6] = hash[6]! + g
    hash[7] = hash[7]! + h
  }

  const digest = new Uint8Array(32)
  const digestView = new DataView(digest.buffer)
  hash.forEach((word, i) => digestView.setUint32(i * 4, word))
  return digest
}

function rotr(value: number, bits: number): number {
  return (value >>> bits) | (value << (32 - bits))
}
