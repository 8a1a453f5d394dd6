import { describe, expect, it } from 'vitest'

import { splitTaggedText } from './tagged-text.ts'

describe('splitTaggedText', () => {
  it('splits a text around its marked words, wherever the language puts them', () => {
    expect(splitTaggedText('Made by <maker>the Promptly team</maker>', 'maker')).toEqual({
      before: 'Made by ',
      inside: 'the Promptly team',
      after: '',
    })
    expect(splitTaggedText('<maker>Promptly टीम</maker> द्वारा बनाया गया', 'maker')).toEqual({
      before: '',
      inside: 'Promptly टीम',
      after: ' द्वारा बनाया गया',
    })
  })

  it('leaves a text without the tag, or with it unclosed, whole', () => {
    expect(splitTaggedText('Made by the team', 'maker')).toEqual({
      before: 'Made by the team',
      inside: null,
      after: '',
    })
    expect(splitTaggedText('Made by <maker>the team', 'maker')).toEqual({
      before: 'Made by <maker>the team',
      inside: null,
      after: '',
    })
  })

  it('reads only the tag it is asked for', () => {
    expect(splitTaggedText('<b>Made</b> by <maker>us</maker>', 'maker')).toEqual({
      before: '<b>Made</b> by ',
      inside: 'us',
      after: '',
    })
  })
})
