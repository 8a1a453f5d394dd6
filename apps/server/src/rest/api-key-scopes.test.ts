import { describe, expect, it } from 'vitest'

import { requiredScope } from './api-key-scopes.ts'

describe('requiredScope', () => {
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
    // A write nobody classified yet is treated as one that may charge.
    ['PUT', '/api/v1/something/new', 'generate'],
  ])('%s %s needs %s', (method, url, scope) => {
    expect(requiredScope(method, url)).toBe(scope)
  })
})
