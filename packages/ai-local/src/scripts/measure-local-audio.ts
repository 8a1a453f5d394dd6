/**
 * How fast the built-in local model speaks and hears on this machine, through the provider, the
 * openai SDK and the local server, as production calls them:
 * - speech: a short sentence and a sentence of about ten seconds, for each voice; the longest input;
 * - transcription: the same two lengths, with the word error rate of what was heard.
 * Run: npx tsx src/scripts/measure-local-audio.ts [runs]
 */
import { aiConfigFromEnv } from '@promptly/ai/config'
import { SPEECH_VOICES, type SpeechVoice } from '@promptly/core/generation/media-options'
import { median } from '@promptly/core/stats/median'

import { createLocalAiProvider } from '../local-ai-provider.ts'
import { loadFliteModule } from '../speech/flite-engine.ts'
import { summarizeMp3 } from '../speech/mp3-frames.ts'
import { findRecognizerTools } from '../transcription/recognizer-tools.ts'
import { wordErrorRate } from '../transcription/word-error-rate.ts'

const RUNS = Number(process.argv[2] ?? 3)
const TEXTS = {
  short: 'Please call me back tomorrow morning.',
  '~10 s':
    'The quick brown fox jumps over the lazy dog. She sells fresh bread at the market ' +
    'every morning, and her brother delivers it to the shops in town before noon.',
}
const LONGEST = 'Our bakery opens at seven every morning, and the first loaves come out of the oven at half past. '
  .repeat(50)
  .slice(0, 4_096)

// The environment is ignored on purpose: this measures the built-in model.
const provider = createLocalAiProvider(aiConfigFromEnv({ LOCAL_MODEL_CHUNK_DELAY_MS: '0' }))

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now()
  const result = await work()
  return { result, ms: performance.now() - started }
}

async function speak(input: string, voice: SpeechVoice) {
  const { result, ms } = await timed(() => provider.synthesizeSpeech({ input, voice }))
  return { audio: result.audio, ms, durationSeconds: summarizeMp3(result.audio).durationSeconds }
}

const compile = await timed(() => loadFliteModule())
console.log(`flite module compiled in ${compile.ms.toFixed(0)} ms (once per process)`)
await speak('Warm up.', 'alloy') // starts the local server

console.log(`\nSpeech synthesis through the SDK, median of ${RUNS} runs (time / audio length):`)
console.log(
  `  ${'voice'.padEnd(8)} ${Object.keys(TEXTS)
    .map((name) => name.padEnd(22))
    .join(' ')}`,
)
for (const voice of SPEECH_VOICES) {
  const cells: string[] = []
  for (const input of Object.values(TEXTS)) {
    const runs = []
    for (let run = 0; run < RUNS; run += 1) runs.push(await speak(input, voice))
    cells.push(
      `${seconds(median(runs.map((run) => run.ms)))} / ${runs[0]?.durationSeconds.toFixed(1)} s audio`.padEnd(22),
    )
  }
  console.log(`  ${voice.padEnd(8)} ${cells.join(' ')}`)
}
const longest = await speak(LONGEST, 'alloy')
console.log(
  `  longest input (4,096 characters, alloy): ${seconds(longest.ms)} ` +
    `for ${longest.durationSeconds.toFixed(0)} s of audio`,
)

const tools = await findRecognizerTools()
if (!tools.found) {
  console.log(`\nTranscription not measured: missing ${tools.missing.join(', ')}`)
} else {
  console.log(`\nTranscription through the SDK, median of ${RUNS} runs (time / audio length / word errors):`)
  for (const [name, text] of Object.entries(TEXTS)) {
    for (const voice of ['alloy', 'echo'] as const) {
      const { audio, durationSeconds } = await speak(text, voice)
      const runs = []
      for (let run = 0; run < RUNS; run += 1)
        runs.push(await timed(() => provider.transcribe({ audio, fileName: 'speech.mp3' })))
      const heard = runs[0]?.result.text ?? ''
      const errors = (wordErrorRate(text, heard) * 100).toFixed(0)
      console.log(
        `  ${name.padEnd(7)} ${voice.padEnd(6)} ${seconds(median(runs.map((run) => run.ms)))} ` +
          `/ ${durationSeconds.toFixed(1)} s audio / ${errors}% | ${heard}`,
      )
    }
  }
}
