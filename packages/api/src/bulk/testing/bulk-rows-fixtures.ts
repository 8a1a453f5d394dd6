import { fakeAiProvider } from '../../generation/testing/fake-ai-provider.ts'
import type { InputRow } from '../create-job.ts'

/** The columns of rows made for the test tool's form (generation/testing/generator-tool.ts). */
export const BIO_COLUMNS = ['Business name', 'Tone']

/** A row of the test tool's form: the business and the tone, as cells and as form values. */
export function bioRow(business: string, tone = 'friendly'): InputRow {
  return { cells: [business, tone], values: [[business, tone]] }
}

/** `count` good rows, '{prefix} 1' to '{prefix} {count}'. */
export function bioRows(count: number, prefix = 'Shop'): InputRow[] {
  return Array.from({ length: count }, (_, index) => bioRow(`${prefix} ${index + 1}`))
}

/**
 * A provider that answers each row with the first line of its prompt, as a paragraph: the answer
 * names the row's business, so a test sees which row got which output.
 */
export const echoingAi = fakeAiProvider({ text: (prompt) => `<p>${prompt.split('\n')[0] ?? ''}</p>` })

/** What echoingAi answers, as stored, for a row of `business`. */
export const echoedBio = (business: string) => `<p>Write a short bio for ${business}.</p>`
