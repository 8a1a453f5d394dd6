import { afterEach, describe, expect, it, vi } from 'vitest'

import { MEDIA_LIMITS, MEDIA_MESSAGES } from '@promptly/core/generation/media-options'

import { testI18n } from '../../i18n/testing.ts'
import { imageAlt } from './image-alt.ts'
import { IMAGE_COUNT_OPTIONS, imageCostText } from './image-options.ts'
import { TRANSCRIPTION_FAILED } from './media-messages.ts'
import { resultLines } from './paraphrase-lines.ts'
import { audioFileProblem, TRANSCRIPTION_URL, uploadTranscription } from './transcription-upload.ts'

afterEach(() => vi.unstubAllGlobals())

const generatorT = testI18n.getFixedT('en', 'generator')
const GENERATION_ID = '33333333-3333-4333-8333-333333333333'

describe('paraphrase result', () => {
  it('is split by lines, blank lines dropped', () => {
    expect(resultLines('First line.\r\n\nSecond line.  \n   \nThird.')).toEqual([
      'First line.',
      'Second line.',
      'Third.',
    ])
    expect(resultLines('  \n ')).toEqual([])
  })
})

describe('image options', () => {
  it('offers 1 to 10 images', () => {
    expect(IMAGE_COUNT_OPTIONS).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'])
  })

  it('says the price before generating: n x (hd 2, standard 1)', () => {
    expect(imageCostText(1, 'hd', generatorT)).toBe('This costs 2 credits')
    expect(imageCostText(1, 'standard', generatorT)).toBe('This costs 1 credit')
    expect(imageCostText(3, 'hd', generatorT)).toBe('This costs 6 credits')
  })

  it('takes alt text from the prompt, numbered when there are several, shortened when long', () => {
    expect(imageAlt(' A red  fox ', 0, 1, generatorT)).toBe('A red fox')
    expect(imageAlt('A red fox', 1, 3, generatorT)).toBe('A red fox (image 2 of 3)')
    expect(imageAlt('x'.repeat(400), 0, 1, generatorT)).toHaveLength(150)
  })
})

describe('transcription file checks', () => {
  const mp3 = (size: number, name = 'talk.mp3', type = 'audio/mpeg') =>
    Object.defineProperty(new File(['x'], name, { type }), 'size', { value: size })

  it('asks for a file, an MP3, and one within the size limit', () => {
    expect(audioFileProblem(null)).toBe(MEDIA_MESSAGES.noAudioFile)
    expect(audioFileProblem(mp3(10, 'talk.wav', 'audio/wav'))).toBe(MEDIA_MESSAGES.notMp3)
    expect(audioFileProblem(mp3(MEDIA_LIMITS.transcriptionBytes + 1))).toBe(MEDIA_MESSAGES.audioTooLarge)
    expect(audioFileProblem(mp3(MEDIA_LIMITS.transcriptionBytes))).toBeNull()
    // A type the browser could not tell, but an .mp3 name: the server judges the bytes.
    expect(audioFileProblem(mp3(10, 'TALK.MP3', ''))).toBeNull()
  })
})

describe('transcription upload', () => {
  it('posts the file as multipart with the session cookie and returns the envelope data', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({
        status: 'success',
        message: 'OK',
        data: { generationId: GENERATION_ID, text: 'hello world', creditsLeft: 28 },
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const file = new File(['ID3'], 'talk.mp3', { type: 'audio/mpeg' })
    await expect(uploadTranscription(file)).resolves.toEqual({
      generationId: GENERATION_ID,
      text: 'hello world',
      creditsLeft: 28,
    })
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe(TRANSCRIPTION_URL)
    expect(init?.method).toBe('POST')
    expect(init?.credentials).toBe('same-origin')
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File)
  })

  it("throws the server's message and code", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { status: 'error', error: 'Please choose an MP3 audio file', message: 'x', code: 'BAD_REQUEST' },
        { status: 400 },
      ),
    )
    await expect(uploadTranscription(new File(['hi'], 'a.mp3'))).rejects.toMatchObject({
      message: 'Please choose an MP3 audio file',
      code: 'BAD_REQUEST',
      outOfCredits: false,
    })
    vi.stubGlobal('fetch', async () =>
      Response.json({ status: 'error', error: 'No credits', code: 'PAYMENT_REQUIRED' }, { status: 402 }),
    )
    await expect(uploadTranscription(new File(['hi'], 'a.mp3'))).rejects.toMatchObject({ outOfCredits: true })
  })

  it('says something general when the answer is not the envelope or the network fails', async () => {
    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }))
    await expect(uploadTranscription(new File(['hi'], 'a.mp3'))).rejects.toMatchObject({
      message: TRANSCRIPTION_FAILED,
    })
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch')
    })
    await expect(uploadTranscription(new File(['hi'], 'a.mp3'))).rejects.toMatchObject({
      message: TRANSCRIPTION_FAILED,
    })
  })
})
