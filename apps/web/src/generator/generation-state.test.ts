import { describe, expect, it } from 'vitest'

import { sanitizeHtml } from '@promptly/core/generation/sanitize-html'

import {
  generationReducer,
  initialGenerationState,
  isBusy,
  previewHtml,
  resultHtml,
  type GenerationAction,
  type GenerationState,
} from './generation-state.ts'

const started: GenerationAction = {
  type: 'event',
  event: { type: 'started', variant: 0, generationId: 'g1', cost: 1, localModel: true },
}
const chunk = (text: string): GenerationAction => ({ type: 'event', event: { type: 'chunk', variant: 0, text } })
const done: GenerationAction = {
  type: 'event',
  event: { type: 'done', variant: 0, generationId: 'g1', output: '<p>Hello world</p>', creditsLeft: 29 },
}

function reduce(actions: GenerationAction[], from: GenerationState = initialGenerationState): GenerationState {
  return actions.reduce(generationReducer, from)
}

describe('generation state', () => {
  it('goes busy on submit, fills in chunk by chunk, and ends with the stored output', () => {
    const starting = reduce([{ type: 'submitted' }])
    expect(starting.phase).toBe('starting')
    expect(isBusy(starting)).toBe(true)

    const streaming = reduce([started, chunk('<p>Hel'), chunk('lo wor')], starting)
    expect(streaming).toMatchObject({
      phase: 'streaming',
      text: '<p>Hello wor',
      cost: 1,
      localModel: true,
      succeeded: false,
    })
    expect(resultHtml(streaming, sanitizeHtml)).toBe('<p>Hello wor</p>')

    const finished = reduce([chunk('ld</p>'), done], streaming)
    expect(finished).toMatchObject({ phase: 'done', output: '<p>Hello world</p>', creditsLeft: 29, succeeded: true })
    expect(isBusy(finished)).toBe(false)
  })

  it('remembers a success across the next run (the button reads Regenerate) and starts the new text empty', () => {
    const second = reduce([{ type: 'submitted' }, started, chunk('<p>One</p>'), done, { type: 'submitted' }])
    expect(second).toMatchObject({ phase: 'starting', text: '', output: null, succeeded: true, run: 2 })
  })

  it('keeps the partial text when stopped, and drops it when the generation fails', () => {
    const partial = reduce([{ type: 'submitted' }, started, chunk('<p>Half')])
    expect(reduce([{ type: 'stopped' }], partial)).toMatchObject({ phase: 'stopped', text: '<p>Half' })
    const failure = {
      message: 'You have no credits left. Upgrade your plan at /plan to keep generating.',
      outOfCredits: true,
    }
    expect(reduce([{ type: 'failed', failure }], partial)).toMatchObject({ phase: 'failed', text: '', failure })
  })

  it('ignores events that arrive after the generation ended', () => {
    const finished = reduce([{ type: 'submitted' }, started, done])
    expect(reduce([chunk('late'), { type: 'stopped' }], finished)).toBe(finished)
  })

  it('sanitises the stored output again before rendering', () => {
    const output = '<p>Hi<img src=x onerror=alert(1)></p><script>alert(2)</script><a href="javascript:alert(3)">x</a>'
    const html = resultHtml({ output, text: '' }, sanitizeHtml)
    expect(html).toBe('<p>Hi</p>x')
    expect(html).not.toMatch(/onerror|script|javascript/i)
  })

  it('sanitises the live preview too', () => {
    expect(previewHtml('<p onclick="steal()">Hi</p><img src=x onerror=alert(1)>', sanitizeHtml)).toBe('<p>Hi</p>')
  })

  it('holds back a tag cut in half until its next chunk arrives', () => {
    expect(previewHtml('<p>Hello</p><str', sanitizeHtml)).toBe('<p>Hello</p>')
    expect(previewHtml('<p>Hello</p><strong>Wor', sanitizeHtml)).toBe('<p>Hello</p><strong>Wor</strong>')
  })

  it('drops a Markdown fence around the HTML and waits for a JSON-wrapped answer to finish', () => {
    expect(previewHtml('```html\n<p>Hi</p>\n```', sanitizeHtml)).toBe('<p>Hi</p>\n')
    expect(previewHtml('```ht', sanitizeHtml)).toBe('')
    expect(previewHtml('{"output": "<p>Hi', sanitizeHtml)).toBe('')
  })
})
