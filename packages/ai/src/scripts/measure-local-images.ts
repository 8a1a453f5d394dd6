import { imagePrompt } from '@promptly/core/generation/media'
import { loadIconLibrary } from '../local/images/icon-library.ts'
import { composeImage, IMAGE_SIZES, rasterize, renderLocalImages } from '../local/images/render-image.ts'
import type { ImageDetail } from '../local/images/scene.ts'

/**
 * Measures the local image model on this machine: for each size and quality, the time to compose
 * one picture's SVG and to render it to PNG, over every style (the styles' costs differ), and a
 * whole n=4 request through the renderer's queue.
 * Run: npx tsx src/scripts/measure-local-images.ts [prompt]
 */

const STYLES = ['Professional', 'Art', 'Drawing', 'Photo', 'Victorian', 'Reflections', 'Industrial'] as const
const DETAILS: ImageDetail[] = ['standard', 'hd']
const subject = process.argv[2] ?? 'a cat and a rocket in the mountains'

const loadStarted = performance.now()
const library = await loadIconLibrary()
console.log(`icon library loaded in ${(performance.now() - loadStarted).toFixed(0)} ms (once per process)`)

// One unmeasured render, so sharp's and librsvg's start-up is not charged to the first size.
await rasterize(composeImage({ prompt: imagePrompt(subject, 'Art'), index: 0, size: '256x256', detail: 'standard' }, library))

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
    const render = `${mean(renderTimes).toFixed(0)} ms (${Math.min(...renderTimes).toFixed(0)} to ${Math.max(...renderTimes).toFixed(0)})`
    console.log(`${size.padEnd(11)} ${detail.padEnd(9)} ${`${mean(composeTimes).toFixed(1)} ms`.padEnd(13)} ${render.padEnd(22)} ${(mean(bytes) / 1024).toFixed(0)} KB`)
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
