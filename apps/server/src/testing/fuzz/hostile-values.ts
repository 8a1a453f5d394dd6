import fc from 'fast-check'

/**
 * Values an attacker (or a careless script) sends: control characters, lone surrogates, escapes the
 * router must decode, SQL and HTML, numbers JSON can barely carry, prototype keys, very long text.
 */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\u007f',
  '\t\r\n',
  '\ud800',
  'x\udfffy',
  '\u202egnp.exe',
  'Cafe\u0301',
  '💥'.repeat(50),
  '%',
  '%00',
  '%zz',
  '%%',
  '%2F..%2F',
  '../../etc/passwd',
  '..',
  '/',
  '\\',
  '?',
  '#',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'toString',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  '[]',
  '{}',
  'All Tools',
  'ALL TOOLS',
  'a'.repeat(201),
  'b'.repeat(5_001),
  'c'.repeat(70_000),
]

const loneSurrogates = fc
  .array(fc.integer({ min: 0xd800, max: 0xdfff }), { minLength: 1, maxLength: 4 })
  .map((codes) => String.fromCharCode(...codes))

/** Any text, weighted towards the kinds that have broken servers. */
export function hostileString(known: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
    { weight: 1, arbitrary: loneSurrogates },
    { weight: 1, arbitrary: fc.uuid() },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 8 }))
        .map(([a, b]) => `${b}${a}${b}`),
    },
    ...(known.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []),
  )
}

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, 1, 3, 10, 11, 2 ** 31, 2 ** 53, -(2 ** 53), 1e308, -0, 0.5, Number.MAX_VALUE),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
)

/** A JSON value of any shape, with hostile leaves. */
export function hostileJson(known: readonly string[] = []): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(hostileString(known), hostileNumber, fc.boolean(), fc.constant(null))
  const key = fc.oneof(fc.constantFrom(...INTERESTING_KEYS), hostileString())
  return fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leaf,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 5 }),
    ),
  })).value
}

/** Field names the app's inputs use: a random object then often lands on a real field. */
export const INTERESTING_KEYS = [
  'prompt',
  'n',
  'quality',
  'style',
  'input',
  'voice',
  'groups',
  'name',
  'email',
  'password',
  'scopes',
  'token',
  'currentPassword',
  'newPassword',
  'file',
  'clerkId',
  'id',
  'toolId',
  'category',
  'text',
  'cursor',
  'limit',
  'search',
  'bookmarked',
  'referrerId',
  'reffered',
  'imageUrl',
  'model',
  '__proto__',
] as const

/** A path segment as sent on the wire: usually percent-encoded, sometimes raw escapes the router must refuse. */
export function hostileSegment(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: hostileString(known).map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz', '%00', '%E0%A4%A', '%C0%AF', '..', '%2e%2e', 'x'.repeat(600), '%ff%fe'),
    },
  )
}
