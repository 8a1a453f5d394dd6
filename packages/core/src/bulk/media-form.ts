import type { FormElement, FormGroups } from '../catalogue/tool.ts'
import { creditCost, IMAGE_QUALITIES } from '../credits/costs.ts'
import type { GenerationValue, GenerationValues } from '../generation/form-values.ts'
import { DEFAULT_SPEECH_VOICE, IMAGE_STYLES, SPEECH_VOICES } from '../generation/media-options.ts'
import { imageRequest, speechRequest, type ImageRequest, type SpeechRequest } from '../generation/media.ts'

/**
 * The media tools a bulk run takes (the image tool and text to audio), seen as a fixed form: their
 * screens are not form groups, so bulk runs give each a one-group form whose fields are that tool's
 * single-run inputs. The column mapping, the CSV preview and the upload screen then work on them as
 * on any tool's form, and each row's values become the tool's own request, checked by its own schema.
 */

export const BULK_MEDIA_KINDS = ['image', 'text_to_audio'] as const
export type BulkMediaKind = (typeof BULK_MEDIA_KINDS)[number]

export function isBulkMediaKind(kind: string): kind is BulkMediaKind {
  return (BULK_MEDIA_KINDS as readonly string[]).includes(kind)
}

/** One row's request: what a single run of the tool takes, and what it costs. */
export type MediaRowRequest =
  | { kind: 'image'; request: ImageRequest; cost: number }
  | { kind: 'text_to_audio'; request: SpeechRequest; cost: number }

export type MediaRowCheck = { ok: true; row: MediaRowRequest } | { ok: false; message: string }

/** The JSON keys of a row, in the fixed form's order (`{ prompt, quality?, style? }`, `{ input, voice? }`). */
export const MEDIA_ROW_KEYS: Record<BulkMediaKind, readonly string[]> = {
  image: ['prompt', 'quality', 'style'],
  text_to_audio: ['input', 'voice'],
}

function field(text: string, type: 'textarea' | 'select', options: readonly string[], required: boolean): FormElement {
  return { text, placeholder: text, gpt: '', type, options: [...options], required }
}

const MEDIA_FORMS: Record<BulkMediaKind, FormGroups> = {
  image: [
    [
      field('Prompt', 'textarea', [], true),
      field('Quality', 'select', IMAGE_QUALITIES, false),
      field('Style', 'select', IMAGE_STYLES, false),
    ],
  ],
  text_to_audio: [[field('Text', 'textarea', [], true), field('Voice', 'select', SPEECH_VOICES, false)]],
}

/** The fixed form a media tool's bulk rows fill. */
export function mediaForm(kind: BulkMediaKind): FormGroups {
  return MEDIA_FORMS[kind]
}

/** A JSON row object as the fixed form's values: each key's value in its field, '' where absent. */
export function mediaValuesFromObject(kind: BulkMediaKind, row: Readonly<Record<string, unknown>>): GenerationValues {
  return [
    MEDIA_ROW_KEYS[kind].map((key): GenerationValue => {
      const value = row[key]
      if (value === undefined || value === null) return ''
      return typeof value === 'boolean' ? value : String(value)
    }),
  ]
}

/**
 * One row's values as the tool's single-run request, checked by that request's schema (the message a
 * single run would give when it does not fit). An empty optional field takes the single run's
 * default; each image row asks for one image; a speech row without a voice is read by alloy.
 */
export function mediaRowRequest(kind: BulkMediaKind, values: unknown): MediaRowCheck {
  const cells = Array.isArray(values) && Array.isArray(values[0]) ? (values[0] as unknown[]) : []
  const cell = (index: number) => {
    const value = cells[index]
    return value === '' || value === undefined ? undefined : value
  }
  if (kind === 'image') {
    const parsed = imageRequest.safeParse({ prompt: cell(0) ?? '', quality: cell(1), style: cell(2), n: 1 })
    if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'This row does not fit' }
    const cost = creditCost({ kind: 'image', n: parsed.data.n, quality: parsed.data.quality })
    return { ok: true, row: { kind, request: parsed.data, cost } }
  }
  const parsed = speechRequest.safeParse({ input: cell(0) ?? '', voice: cell(1) ?? DEFAULT_SPEECH_VOICE })
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'This row does not fit' }
  return { ok: true, row: { kind, request: parsed.data, cost: creditCost({ kind: 'speech' }) } }
}
