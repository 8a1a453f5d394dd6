import type { SceneContext, SunPlacement } from './scene.ts'
import { brushStrokes, paintBlobs, splatter } from './scenery-art.ts'
import { hatching } from './scenery-drawing.ts'
import { factories, gears, girders } from './scenery-industrial.ts'
import { bokeh, lightRays } from './scenery-photo.ts'
import { dotGrid, flatShapes, flatSkyline } from './scenery-professional.ts'
import { mountains } from './scenery-reflections.ts'
import { gothicSkyline } from './scenery-victorian.ts'

/**
 * The scenery that sets each style apart, drawn between the sky and the ground: flat corporate
 * shapes, painted blobs, pencil hatching, soft bokeh, a gothic skyline, mountains over a lake,
 * or factories and girders (one module per style: scenery-<style>.ts). hd adds a second, denser
 * pass from its own random.
 */

/** Drawn behind the ground layers (in the sky). */
export function drawBackScenery(ctx: SceneContext, sun: SunPlacement): string {
  const hd = ctx.detail === 'hd'
  switch (ctx.look.scenery) {
    case 'flat-shapes':
      return flatShapes(ctx, ctx.random, 3) + (hd ? flatShapes(ctx, ctx.detailRandom, 4) + flatSkyline(ctx) : '')
    case 'paint-blobs':
      return paintBlobs(ctx, ctx.random, 5) + (hd ? paintBlobs(ctx, ctx.detailRandom, 8) + splatter(ctx) : '')
    case 'soft-focus':
      return (hd ? lightRays(ctx, sun) : '') + bokeh(ctx, ctx.random, 4) + (hd ? bokeh(ctx, ctx.detailRandom, 10) : '')
    case 'gothic-skyline':
      return gothicSkyline(ctx, ctx.random, 0.9) + (hd ? gothicSkyline(ctx, ctx.detailRandom, 0.6) : '')
    case 'lake':
      return mountains(ctx, ctx.random, 3) + (hd ? mountains(ctx, ctx.detailRandom, 4) : '')
    case 'structures':
      return factories(ctx, ctx.random, 3) + (hd ? factories(ctx, ctx.detailRandom, 4) + girders(ctx) : '')
    case 'pencil-hatching':
      return (
        hatching(ctx, ctx.random, 0, ctx.horizon, 5) + (hd ? hatching(ctx, ctx.detailRandom, 0, ctx.horizon, 8) : '')
      )
  }
}

/** Drawn over the ground, under the subjects. */
export function drawFrontScenery(ctx: SceneContext): string {
  const hd = ctx.detail === 'hd'
  switch (ctx.look.scenery) {
    case 'pencil-hatching':
      return (
        hatching(ctx, ctx.random, ctx.horizon, ctx.height, 6) +
        (hd ? hatching(ctx, ctx.detailRandom, ctx.horizon, ctx.height, 10) : '')
      )
    case 'paint-blobs':
      return brushStrokes(ctx, ctx.random, 3) + (hd ? brushStrokes(ctx, ctx.detailRandom, 5) : '')
    case 'structures':
      return hd ? gears(ctx, ctx.detailRandom, 3) : gears(ctx, ctx.random, 1)
    case 'flat-shapes':
      return hd ? dotGrid(ctx) : ''
    default:
      return ''
  }
}
