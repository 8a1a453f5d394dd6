import { describe, expect, it } from 'vitest'

import { acceptedScopes } from './api-key-scopes.ts'

describe('acceptedScopes', () => {
  it.each([
    ['GET', '/api/v1/objects/getCategories', 'read'],
    ['GET', '/api/v2/objects/getObjectByLabel/:category', 'read'],
    ['GET', '/api/v1/objects/searchObjects/:searchText', 'read'],
    ['GET', '/api/v1/objects/getObject/:id', 'read'],
    ['GET', '/api/v1/bookmarks', 'read'],
    ['POST', '/api/v2/bookmarks/add-remove/:toolId', 'read'],
    ['GET', '/api/v1/limits', 'read'],
    ['GET', '/api/v1/keys', 'read'],
    ['DELETE', '/api/v2/keys/:id', 'read'],
    ['POST', '/api/v1/objects/getResponseOfObject/:id', 'generate'],
    ['POST', '/api/v1/limits/decrease', 'generate'],
    ['POST', '/api/v2/response/paraphrase', 'generate'],
    ['POST', '/api/v2/response/image', 'generate'],
    ['POST', '/api/v2/response/speech', 'generate'],
    ['POST', '/api/v2/response/transcription', 'generate'],
    ['POST', '/api/v1/bulk', 'generate'],
    ['POST', '/api/v2/bulk/:jobId/cancel', 'generate'],
    // A write nobody classified yet is treated as one that may charge.
    ['PUT', '/api/v1/something/new', 'generate'],
  ])('%s %s needs %s', (method, url, scope) => {
    expect(acceptedScopes(method, url)).toEqual([scope])
  })

  // A script given only `generate` follows the jobs it starts.
  it.each([
    ['GET', '/api/v1/bulk/:jobId'],
    ['GET', '/api/v2/bulk/:jobId/results'],
    ['HEAD', '/api/v1/bulk/:jobId/results'],
    ['GET', '/api/v2/voices'],
  ])('%s %s takes read or generate', (method, url) => {
    expect(acceptedScopes(method, url)).toEqual(['read', 'generate'])
  })
})
