import { imagePrompt } from '@promptly/core/generation/media'
import { median } from '@promptly/core/stats/median'

import type { ImageDetail } from '../images/scene.ts'

/**
 * Measures the local model's paraphraser and image renderer on this machine. Paraphrase first,
 * while nothing is loaded yet: the cold figure is the module import (compromise) plus the first
 * call (the WordNet files), the warm one a median over repeated calls. Then, for each image size
 * and quality, the time to compose one picture's SVG and to render it to PNG, over every style
 * (their costs differ), and a whole n=4 request through the renderer's queue.
 * Run: npx tsx src/scripts/measure-local-images.ts [prompt]
 */

const PARAPHRASE_SAMPLE = [
  'Our team builds reliable software for small businesses in Berlin.',
  'When it rains, we usually stay inside and read books.',
  '',
  'Please send me the final report before Friday so I can review it.',
].join('\n')
const WARM_RUNS = 20

const importStarted = performance.now()
const { paraphrase } = await import('../paraphrase/paraphrase.ts')
const imported = performance.now() - importStarted
const firstStarted = performance.now()
paraphrase(PARAPHRASE_SAMPLE)
const firstCall = performance.now() - firstStarted
const warm: number[] = []
for (let run = 0; run < WARM_RUNS; run += 1) {
  // A different text each time, so no cached synset or entry answers for the whole text.
  const text = `${PARAPHRASE_SAMPLE} Run ${run}.`
  const started = performance.now()
  paraphrase(text)
  warm.push(performance.now() - started)
}
console.log(`paraphrase (${PARAPHRASE_SAMPLE.split('\n').length} lines, ${PARAPHRASE_SAMPLE.length} characters):`)
console.log(`  cold: import ${imported.toFixed(0)} ms + first call ${firstCall.toFixed(0)} ms (loads WordNet)`)
console.log(
  `  warm: median ${median(warm).toFixed(1)} ms, max ${Math.max(...warm).toFixed(1)} ms over ${WARM_RUNS} calls\n`,
)

const { loadIconLibrary } = await import('../images/icon-library.ts')
const { composeImage, IMAGE_SIZES, rasterize, renderLocalImages } = await import('../images/render-image.ts')

const STYLES = ['Professional', 'Art', 'Drawing', 'Photo', 'Victorian', 'Reflections', 'Industrial'] as const
const DETAILS: ImageDetail[] = ['standard', 'hd']
const subject = process.argv[2] ?? 'a cat and a rocket in the mountains'

const loadStarted = performance.now()
const library = await loadIconLibrary()
console.log(`icon library loaded in ${(performance.now() - loadStarted).toFixed(0)} ms (once per process)`)

// One unmeasured render, so sharp's and librsvg's start-up is not charged to the first size.
await rasterize(
  composeImage({ prompt: imagePrompt(subject, 'Art'), index: 0, size: '256x256', detail: 'standard' }, library),
)

console.log(`\nper picture, mean (min to max) over the ${STYLES.length} styles, "${subject}":`)
console.log('size        quality   compose SVG   render PNG             PNG size')
for (const size of IMAGE_SIZES) {
  for (const detail of DETAILS) {
    const composeTimes: number[] = []
    const renderTimes: number[] = []
    const bytes: number[] = []
    for (const style of STYLES) {
      const started = performance.now()
      const composed = composeImage({ prompt: imagePrompt(subject, style), index: 1, size, detail }, library)
      const composedAt = performance.now()
      const png = await rasterize(composed)
      composeTimes.push(composedAt - started)
      renderTimes.push(performance.now() - composedAt)
      bytes.push(png.byteLength)
    }
    const render =
      `${mean(renderTimes).toFixed(0)} ms (${Math.min(...renderTimes).toFixed(0)} ` +
      `to ${Math.max(...renderTimes).toFixed(0)})`
    console.log(
      `${size.padEnd(11)} ${detail.padEnd(9)} ${`${mean(composeTimes).toFixed(1)} ms`.padEnd(13)}` +
        ` ${render.padEnd(22)} ${(mean(bytes) / 1024).toFixed(0)} KB`,
    )
  }
}

console.log('\na whole request of n=4 at 1024x1024 (two renders at a time):')
for (const detail of DETAILS) {
  const started = performance.now()
  await renderLocalImages({ prompt: imagePrompt(subject, 'Photo'), n: 4, size: '1024x1024', detail })
  console.log(`${detail.padEnd(9)} ${(performance.now() - started).toFixed(0)} ms`)
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length)
}
