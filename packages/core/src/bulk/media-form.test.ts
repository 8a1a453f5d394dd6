import { describe, expect, it } from 'vitest'

import { defaultColumnMapping, formFields, mappingProblems, valuesFromCells } from './column-mapping.ts'
import { mediaForm, mediaRowRequest, mediaValuesFromObject } from './media-form.ts'

describe('the fixed bulk form of a media tool', () => {
  it('lists the image tool’s fields: a required prompt, then quality and style with their choices', () => {
    expect(formFields(mediaForm('image')).map((field) => [field.key, field.label, field.required, field.kind])).toEqual(
      [
        ['0.0', 'Prompt', true, 'text'],
        ['0.1', 'Quality', false, 'choice'],
        ['0.2', 'Style', false, 'choice'],
      ],
    )
    expect(formFields(mediaForm('text_to_audio')).map((field) => [field.label, field.required])).toEqual([
      ['Text', true],
      ['Voice', false],
    ])
  })

  it('maps CSV columns named like its fields, and refuses a mapping without the prompt', () => {
    const groups = mediaForm('image')
    const header = ['style', 'PROMPT']
    const mapping = defaultColumnMapping(header, groups)
    expect(mapping).toEqual({ '0.0': 1, '0.1': null, '0.2': 0 })
    expect(mappingProblems(mapping, header, groups)).toEqual([])
    expect(mappingProblems({ '0.0': null, '0.1': null, '0.2': 0 }, header, groups)).toEqual([
      "The required field 'Prompt' has no column",
    ])
    expect(mediaRowRequest('image', valuesFromCells(['Photo', ' A fox '], mapping, groups))).toEqual({
      ok: true,
      row: { kind: 'image', request: { prompt: 'A fox', quality: 'hd', n: 1, style: 'Photo' }, cost: 2 },
    })
  })

  it('checks a row by the single run’s schema: one image per row, its cost by quality', () => {
    expect(mediaRowRequest('image', mediaValuesFromObject('image', { prompt: 'A fox', quality: 'standard' }))).toEqual({
      ok: true,
      row: { kind: 'image', request: { prompt: 'A fox', quality: 'standard', n: 1, style: 'Professional' }, cost: 1 },
    })
    expect(mediaRowRequest('image', [['A fox', 'ultra', '']])).toEqual({
      ok: false,
      message: 'Quality is hd or standard',
    })
    expect(mediaRowRequest('image', [['', '', '']])).toMatchObject({ ok: false })
    expect(mediaRowRequest('image', 'not values')).toMatchObject({ ok: false })
  })

  it('reads a speech row in the alloy voice unless it names one, and refuses an unknown voice', () => {
    expect(mediaRowRequest('text_to_audio', mediaValuesFromObject('text_to_audio', { input: 'Hello' }))).toEqual({
      ok: true,
      row: { kind: 'text_to_audio', request: { input: 'Hello', voice: 'alloy' }, cost: 1 },
    })
    expect(mediaRowRequest('text_to_audio', [['Hello', 'robot']])).toMatchObject({ ok: false })
  })

  it('takes a JSON row’s fields in the form’s order, ignoring other keys', () => {
    expect(mediaValuesFromObject('image', { style: 'Art', prompt: 'A fox', extra: 'x' })).toEqual([
      ['A fox', '', 'Art'],
    ])
    expect(mediaValuesFromObject('text_to_audio', { voice: 'nova', input: 'Hi' })).toEqual([['Hi', 'nova']])
  })
})
