/**
 * How fast the built-in local model answers through the SDK: time to the first chunk, chunks per
 * second and total time, over a few catalogue-like prompts. Run: npx tsx src/scripts/measure-local-model.ts [delayMs]
 */
import { aiConfigFromEnv } from '@promptly/ai/config'
import { median } from '@promptly/core/stats/median'

import { createLocalAiProvider } from '../local-ai-provider.ts'

const PROMPTS = [
  'Write 5 different X (Twitter) bios, each at most 160 characters, for this person: Product designer ' +
    'at a fintech startup.\nThey mainly post about: UX tips, design systems.\nUse a Witty tone of voice.',
  'Write a complete article based on: How small bakeries can use ' +
    'Instagram.\nTarget length: About 1,000 words.\nTone: Informative.',
  'Write 3 cold emails with subject lines, each under 120 words, to: Head of marketing ' +
    'at an online furniture store.\nWhat the sender offers: Product photography.',
]
const RUNS = 5

const delay = process.argv[2] ?? '12'
const provider = createLocalAiProvider(aiConfigFromEnv({ LOCAL_MODEL_CHUNK_DELAY_MS: delay }))
const firstChunk: number[] = []
const rates: number[] = []
const totals: number[] = []
for (let run = 0; run < RUNS + 1; run += 1) {
  for (const prompt of PROMPTS) {
    const started = performance.now()
    let first = 0
    let chunks = 0
    for await (const _piece of provider.streamText({ system: 'Answer with an HTML fragment.', prompt })) {
      if (chunks === 0) first = performance.now() - started
      chunks += 1
    }
    const total = performance.now() - started
    if (run === 0) continue // warm-up: the server starts on first use
    firstChunk.push(first)
    totals.push(total)
    rates.push(chunks / ((total - first) / 1000))
  }
}
console.log(`chunk delay ${delay} ms, ${firstChunk.length} generations`)
console.log(
  `  time to first chunk: median ${median(firstChunk).toFixed(1)} ms, max ${Math.max(...firstChunk).toFixed(1)} ms`,
)
console.log(`  chunks per second:   median ${median(rates).toFixed(0)}`)
console.log(`  whole answer:        median ${median(totals).toFixed(0)} ms`)
