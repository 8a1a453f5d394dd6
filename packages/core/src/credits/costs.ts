/**
 * What each kind of generation costs, in credits: the one table the product charges from.
 * Change a number here and every door (tRPC, REST, the legacy /limits/decrease) follows.
 */
export const CREDIT_COSTS = {
  text: 1,
  paraphrase: 1,
  speech: 1,
  transcription: 1,
  /** Per image: n images cost n times this. */
  image: { standard: 1, hd: 2 },
} as const

export const IMAGE_QUALITIES = ['standard', 'hd'] as const
export type ImageQuality = (typeof IMAGE_QUALITIES)[number]

/** Images per request (spec section 9). */
export const MIN_IMAGES = 1
export const MAX_IMAGES = 10

export type GenerationRequest =
  | { kind: 'text' }
  | { kind: 'paraphrase' }
  | { kind: 'speech' }
  | { kind: 'transcription' }
  | { kind: 'image'; n: number; quality: ImageQuality }
export type GenerationRequestKind = GenerationRequest['kind']

/** The credits one request costs. Throws on an image count outside 1..10 (inputs are validated before this). */
export function creditCost(request: GenerationRequest): number {
  switch (request.kind) {
    case 'text':
    case 'paraphrase':
    case 'speech':
    case 'transcription':
      return CREDIT_COSTS[request.kind]
    case 'image': {
      if (!Number.isInteger(request.n) || request.n < MIN_IMAGES || request.n > MAX_IMAGES) {
        throw new RangeError(`An image request asks for ${MIN_IMAGES} to ${MAX_IMAGES} images, not ${request.n}`)
      }
      return request.n * CREDIT_COSTS.image[request.quality]
    }
  }
}
