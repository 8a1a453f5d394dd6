import { describe, expect, it } from 'vitest'

import { transcriptFromUtterances } from './transcript-text.ts'

describe('transcriptFromUtterances', () => {
  it('makes each utterance a sentence and capitalises "I"', () => {
    expect(transcriptFromUtterances(['the quick brown fox', "i think i'm late  ", ''])).toBe(
      "The quick brown fox. I think I'm late.",
    )
  })

  it('is empty when nothing was heard', () => {
    expect(transcriptFromUtterances([])).toBe('')
    expect(transcriptFromUtterances(['  '])).toBe('')
  })
})
