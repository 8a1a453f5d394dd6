import { describe, expect, it } from 'vitest'

import { INSTAGRAM_BIO_TOOL_ID } from '@promptly/core/catalogue/footer-tool-ids'

import { toolId } from './tool.schema.ts'

describe('toolId', () => {
  it('reads an id in any case as the lower-case id the database answers with', () => {
    expect(toolId.parse(INSTAGRAM_BIO_TOOL_ID.toUpperCase())).toBe(INSTAGRAM_BIO_TOOL_ID)
    expect(toolId.parse(INSTAGRAM_BIO_TOOL_ID)).toBe(INSTAGRAM_BIO_TOOL_ID)
  })

  it('refuses anything that is not a UUID', () => {
    for (const id of ['42', 'not-a-uuid', `${INSTAGRAM_BIO_TOOL_ID}0`, ` ${INSTAGRAM_BIO_TOOL_ID}`, '']) {
      expect(toolId.safeParse(id).success).toBe(false)
    }
  })
})
