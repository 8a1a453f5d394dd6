import { describe, expect, it } from 'vitest'

import { formGroups, type FormGroups } from '@promptly/core/catalogue/tool'
import { composePrompt } from '@promptly/core/generation/compose-prompt'
import type { GenerationValues } from '@promptly/core/generation/form-values'

import seedTools from '../../../../prisma/seed/tools.json' with { type: 'json' }
import { composeReply } from './compose-reply.ts'
import { generatedInput, inputSource } from './testing/generated-values.ts'
import { fieldValues, valueProblems } from './testing/value-rules.ts'

/**
 * The writer never garbles the user's words, whatever they type: for every seeded text tool, with
 * the prompt its real form makes (core's composePrompt), generated inputs of one to twelve words in
 * English, Spanish, Hindi and Arabic, with names, numbers, emojis, punctuation, compounds, repeated
 * and empty fields, each composed with several seeds. A failure prints the seed of its input, the
 * values typed and what broke; the generator is seeded, so the same run fails the same way.
 */

interface SeedTool {
  slug: string
  description: string
  groups: FormGroups
}

const TOOLS: SeedTool[] = seedTools
  .filter((tool) => !('kind' in tool) && tool.groups.length > 0)
  .map((tool) => ({ slug: tool.slug, description: tool.description, groups: formGroups.parse(tool.groups) }))

const INPUTS_PER_TOOL = 14
const SEEDS = [1, 2, 3]
const BASE_SEED = 20261207

/** What broke for one form filled in one way, over every seed; empty when nothing did. */
function problemsFor(tool: SeedTool, values: GenerationValues): string[] {
  const { system, prompt, fields } = composePrompt(tool.groups, values)
  const typed = fieldValues(fields)
  return SEEDS.flatMap((seed) =>
    valueProblems(composeReply({ system, prompt, seed }), { prompt, description: tool.description, values: typed }).map(
      (problem) => `seed ${seed}: ${problem}`,
    ),
  )
}

/** A fixed case: what broke, each problem on its own line in the failure message. */
function expectNoProblems(slug: string, values: GenerationValues): void {
  const problems = problemsFor(tool(slug), values)
  expect(problems, problems.join('\n')).toEqual([])
}

function tool(slug: string): SeedTool {
  const found = TOOLS.find((candidate) => candidate.slug === slug)
  if (!found) throw new Error(`no seeded tool ${slug}`)
  return found
}

describe('the writer keeps every value whole and in its place', () => {
  it('covers every seeded text tool', () => {
    expect(TOOLS.length).toBeGreaterThanOrEqual(45)
  })

  it.each(TOOLS.map((entry, index) => ({ ...entry, index })))('$slug, with generated inputs', (entry) => {
    const failures: string[] = []
    for (let n = 0; n < INPUTS_PER_TOOL; n += 1) {
      const inputSeed = BASE_SEED + entry.index * 1000 + n
      const input = generatedInput(entry.groups, inputSource(inputSeed))
      const problems = problemsFor(entry, input.values)
      if (problems.length > 0) {
        failures.push([`input seed ${inputSeed}`, ...input.described, ...problems].join('\n  '))
      }
    }
    expect(failures, failures.slice(0, 3).join('\n\n')).toEqual([])
  })
})

describe('replies once garbled', () => {
  it('does not cut a bio into "the developer and the developer"', () => {
    const values = [['Indie game developer and coffee lover', 'Pixel art, game design'], ['Friendly', false], ['']]
    expectNoProblems('x-twitter-bio-generator', values)
  })

  it('does not refer back to a niche as "the developer"', () => {
    const values = [
      ['Indie game developer and coffee lover', 'Pixel art, game design'],
      ['Funny', false],
    ]
    expectNoProblems('tiktok-bio-generator', values)
  })

  it("does not help a cold email's recipient with a phrase cut from the offer", () => {
    const values = [
      ['Owner of a shop that sells handmade ceramic coffee mugs from Portland', 'Product photography for the workers'],
      ['', 'a 15-minute call'],
      ['Friendly'],
    ]
    expectNoProblems('cold-email-generator', values)
  })

  it('does not read the call to action as a topic', () => {
    const values = [
      ['Pricing page for a project management app', 'project management software pricing'],
      ['Learn more'],
    ]
    expectNoProblems('seo-meta-description-generator', values)
  })

  it('leaves no placeholder the tool does not announce', () => {
    const values = [
      ['Alpine 2-person ultralight tent', 'Waterproof to 3000 mm'],
      ['', 'Short paragraph and 5 bullet points'],
      ['Persuasive'],
    ]
    expectNoProblems('product-description-generator', values)
  })
})
