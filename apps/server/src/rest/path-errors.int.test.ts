import { beforeAll, describe, expect, it } from 'vitest'

import { fixtureTool, insertTools } from '@promptly/api/testing/catalogue-fixtures'
import { SEARCH_TEXT_MAX } from '@promptly/api/tools/search.schema'

import { useTestApp } from '../testing/use-test-app.ts'

const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } })

const TOOL_NAMES = [
  'Discount 100% Writer',
  'Top 100 Lists',
  'Summer 50% off Sale',
  'Save 50 off Coupons',
  'Café Menu Writer',
  'Label %E9 Printer',
]

beforeAll(async () => {
  await insertTools(
    t.db.prisma,
    TOOL_NAMES.map((name, i) => fixtureTool(i, { name, tagLine: 'Plain words.', labels: ['All Tools'] })),
  )
})

async function searchedNames(url: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url })
  expect(res.statusCode).toBe(200)
  const body = res.json<{ status: string; message: { name: string }[] }>()
  expect(body.status).toBe('OK')
  return body.message.map((tool) => tool.name)
}

describe.each(['/api/v1', '/api/v2'])('a search text sent without URL-encoding, under %s', (base) => {
  it('searches a raw % literally', async () => {
    expect(await searchedNames(`${base}/objects/searchObjects/100%`)).toEqual(['Discount 100% Writer'])
  })

  it('searches 50%%20off as "50% off": the stray % literal, the valid escape decoded', async () => {
    expect(await searchedNames(`${base}/objects/searchObjects/50%%20off`)).toEqual(['Summer 50% off Sale'])
  })

  it('keeps an escape that is no character literal, and still decodes the ones that are', async () => {
    expect(await searchedNames(`${base}/objects/searchObjects/%E9%20Printer`)).toEqual(['Label %E9 Printer'])
    expect(await searchedNames(`${base}/objects/searchObjects/Caf%C3%A9`)).toEqual(['Café Menu Writer'])
  })

  it('answers as the properly encoded request does, query and all', async () => {
    const raw = await t.app.inject({ method: 'GET', url: `${base}/objects/searchObjects/100%?name=Ada%20L` })
    const encoded = await t.app.inject({ method: 'GET', url: `${base}/objects/searchObjects/100%25?name=Ada%20L` })
    expect(raw.statusCode).toBe(200)
    expect(raw.body).toBe(encoded.body)
  })
})

describe('a path the router refuses is answered in the legacy envelope', () => {
  it.each([
    '/api/v1/objects/getObjectByLabel/100%',
    '/api/v2/objects/getObject/%zz',
    '/%61pi/v1/objects/searchObjects/100%',
    '/some/page%',
  ])('answers the undecodable %s with a 400 saying how to write a percent sign', async (url) => {
    const res = await t.app.inject({ method: 'GET', url })
    expect(res.statusCode).toBe(400)
    expect(res.headers['content-type']).toMatch(/application\/json/)
    expect(res.json()).toEqual({
      status: 'error',
      error: 'The address is not valid: write a % in it as %25',
      message: 'The address is not valid: write a % in it as %25',
      code: 'BAD_REQUEST',
    })
  })

  it('answers a search text over the path-segment limit with a 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/objects/searchObjects/${'x'.repeat(501)}%` })
    expect(res.statusCode).toBe(414)
    expect(res.json()).toEqual({
      status: 'error',
      error: 'The address is too long',
      message: 'The address is too long',
      code: 'URI_TOO_LONG',
    })
  })

  it(
    'answers a search text over the search limit, but ' + 'within the segment limit, with a 400 naming the field',
    async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/objects/searchObjects/${'x'.repeat(SEARCH_TEXT_MAX)}%`,
      })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        status: 'error',
        code: 'BAD_REQUEST',
        message: expect.stringMatching(/^text: /),
      })
    },
  )
})
