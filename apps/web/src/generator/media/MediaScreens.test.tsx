import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import type { DedicatedRequest } from '@promptly/api/generation/get.schema'
import { IMAGE_STYLES, MEDIA_MESSAGES, SPEECH_VOICES } from '@promptly/core/generation/media-options'

import { renderApp } from '../../test/render-app.tsx'
import { TOOL_ID } from '../testing/tool-fixtures.ts'
import { gate, GENERATION_ID, mediaApi, toastMessages } from './testing.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

const mediaItem = (n: number, contentType = 'image/jpeg') => {
  const id = `55555555-5555-4555-8555-${String(n).padStart(12, '0')}`
  return { id, url: `/media/${id}`, contentType }
}

describe('image generator screen', () => {
  it('starts at 1 image, High quality, Professional, and says the price as the choices change', async () => {
    const user = userEvent.setup()
    mediaApi('image')
    renderApp(`/generate?id=${TOOL_ID}`)
    const count = await screen.findByRole('combobox', { name: 'Number of images' })
    const quality = screen.getByRole('combobox', { name: 'Quality' })
    expect(count).toHaveProperty('value', '1')
    expect(
      within(count)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toHaveLength(10)
    expect(quality).toHaveProperty('value', 'hd')
    expect(
      within(quality)
        .getAllByRole('option')
        .map((option) => [option.textContent, option.getAttribute('value')]),
    ).toEqual([
      ['High', 'hd'],
      ['Standard', 'standard'],
    ])
    const styles = within(screen.getByRole('group', { name: 'Style' })).getAllByRole('radio')
    expect(styles.map((chip) => chip.getAttribute('value'))).toEqual([...IMAGE_STYLES])
    expect(screen.getByRole('radio', { name: 'Professional' })).toHaveProperty('checked', true)
    const generate = screen.getByRole('button', { name: 'Generate' })
    expect(screen.getByTestId('image-cost').textContent).toBe('This costs 2 credits')
    expect(generate.getAttribute('aria-describedby')).toBe(screen.getByTestId('image-cost').id)

    await user.selectOptions(count, '3')
    expect(screen.getByTestId('image-cost').textContent).toBe('This costs 6 credits')
    await user.selectOptions(quality, 'standard')
    expect(screen.getByTestId('image-cost').textContent).toBe('This costs 3 credits')
  })

  it('asks for a description and sends nothing without one', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    mediaApi('image', { 'generation.image': (input: unknown) => sent.push(input) })
    renderApp(`/generate?id=${TOOL_ID}`)
    const prompt = await screen.findByRole('textbox', { name: 'Describe the image' })
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(toastMessages()).toContain(MEDIA_MESSAGES.emptyText))
    expect(prompt.getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(prompt)
    expect(sent).toEqual([])
  })

  it('shows n placeholders while generating, then n images with alt text and image.jpg downloads', async () => {
    const user = userEvent.setup()
    const held = gate()
    const sent: unknown[] = []
    mediaApi('image', {
      'generation.image': async (input: unknown) => {
        sent.push(input)
        await held.opened
        return { generationId: GENERATION_ID, images: [1, 2, 3].map((n) => mediaItem(n)), cost: 6, creditsLeft: 24 }
      },
    })
    renderApp(`/generate?id=${TOOL_ID}`)
    await user.type(await screen.findByRole('textbox', { name: 'Describe the image' }), 'A red fox')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Number of images' }), '3')
    await user.click(screen.getByRole('radio', { name: 'Victorian' }))
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(screen.getAllByTestId('image-placeholder')).toHaveLength(3))
    expect(screen.getByText('Creating 3 images…')).toBeVisible()
    held.open()

    const grid = await screen.findByTestId('image-grid')
    const images = within(grid).getAllByRole('img')
    expect(images.map((image) => image.getAttribute('alt'))).toEqual([
      'A red fox (image 1 of 3)',
      'A red fox (image 2 of 3)',
      'A red fox (image 3 of 3)',
    ])
    const downloads = within(grid).getAllByRole('link', { name: /^Download image/ })
    expect(downloads.map((link) => [link.getAttribute('href'), link.getAttribute('download')])).toEqual(
      [1, 2, 3].map((n) => [mediaItem(n).url, 'image.jpg']),
    )
    expect(sent).toEqual([{ prompt: 'A red fox', n: 3, quality: 'hd', style: 'Victorian', voiceId: null }])
    expect(screen.queryAllByTestId('image-placeholder')).toHaveLength(0)
  })
})

describe('text to audio screen', () => {
  it(
    'has the spec texts: heading, placeholder, Select ' + 'Tone with the six voices in Choose a Tone, alloy first',
    async () => {
      mediaApi('text_to_audio')
      renderApp(`/generate?id=${TOOL_ID}`)
      expect(await screen.findByRole('heading', { name: 'Text to Audio Conversion' })).toBeVisible()
      expect(screen.getByPlaceholderText('Enter Prompt to generate audio')).toBeVisible()
      const tone = screen.getByRole('combobox', { name: 'Select Tone' })
      expect(tone).toHaveProperty('value', 'alloy')
      const group = tone.querySelector('optgroup')!
      expect(group.getAttribute('label')).toBe('Choose a Tone')
      expect([...group.querySelectorAll('option')].map((option) => option.value)).toEqual([...SPEECH_VOICES])
    },
  )

  it('asks for text, then for a tone', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    mediaApi('text_to_audio', { 'generation.speech': (input: unknown) => sent.push(input) })
    renderApp(`/generate?id=${TOOL_ID}`)
    const text = await screen.findByRole('textbox', { name: 'Text to speak' })
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(toastMessages()).toContain(MEDIA_MESSAGES.emptySpeechText))
    expect(document.activeElement).toBe(text)

    await user.type(text, 'Hello there')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Select Tone' }), '')
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(toastMessages()).toContain(MEDIA_MESSAGES.noVoice))
    expect(screen.getByText(MEDIA_MESSAGES.noVoice, { selector: '.mantine-InputWrapper-error' })).toBeVisible()
    expect(sent).toEqual([])
  })

  it('plays the audio and offers it as audio_file.mp3', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    const audio = mediaItem(9, 'audio/mpeg')
    mediaApi('text_to_audio', {
      'generation.speech': (input: unknown) => {
        sent.push(input)
        return { generationId: GENERATION_ID, audio, creditsLeft: 29 }
      },
    })
    renderApp(`/generate?id=${TOOL_ID}`)
    await user.type(await screen.findByRole('textbox', { name: 'Text to speak' }), 'Hello there')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Select Tone' }), 'nova')
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    const download = await screen.findByRole('link', { name: 'Download Audio' })
    expect(download.getAttribute('href')).toBe(audio.url)
    expect(download.getAttribute('download')).toBe('audio_file.mp3')
    const player = document.querySelector('audio')!
    expect(player.getAttribute('src')).toBe(audio.url)
    expect(player.hasAttribute('controls')).toBe(true)
    expect(player.autoplay).toBe(true)
    expect(sent).toEqual([{ input: 'Hello there', voice: 'nova' }])
  })

  it("'Run again' fills in the text that was spoken and its voice", async () => {
    mediaApi('text_to_audio', {
      'generation.get': earlier('text_to_audio', { prompt: 'Hello & welcome', voice: 'nova' }),
    })
    renderApp(`/generate?id=${TOOL_ID}&from=${EARLIER_ID}`)
    expect(await screen.findByRole('textbox', { name: 'Text to speak' })).toHaveProperty('value', 'Hello & welcome')
    expect(screen.getByRole('combobox', { name: 'Select Tone' })).toHaveProperty('value', 'nova')
  })
})

describe("'Run again' for paraphrase", () => {
  it('fills in the text that was paraphrased', async () => {
    mediaApi('paraphrase', { 'generation.get': earlier('paraphrase', { prompt: 'The original words' }) })
    renderApp(`/generate?id=${TOOL_ID}&from=${EARLIER_ID}`)
    expect(await screen.findByRole('textbox', { name: 'Text to paraphrase' })).toHaveProperty(
      'value',
      'The original words',
    )
  })
})

describe("'Run again' for images", () => {
  it('fills in the prompt, the number of images, the quality and the style', async () => {
    mediaApi('image', {
      'generation.get': earlier('image', { prompt: 'A red fox', n: 3, quality: 'standard', style: 'Drawing' }),
    })
    renderApp(`/generate?id=${TOOL_ID}&from=${EARLIER_ID}`)
    expect(await screen.findByRole('textbox', { name: 'Describe the image' })).toHaveProperty('value', 'A red fox')
    expect(screen.getByRole('radio', { name: 'Drawing' })).toHaveProperty('checked', true)
    expect(screen.getByText(/costs 3 credits/)).toBeVisible()
  })
})

const EARLIER_ID = '88888888-8888-4888-8888-888888888888'

function earlier(kind: 'image' | 'text_to_audio' | 'paraphrase', request: DedicatedRequest) {
  return {
    id: EARLIER_ID,
    toolId: TOOL_ID,
    toolName: 'A tool',
    kind,
    status: 'succeeded',
    credits: 1,
    createdAt: new Date(),
    values: [],
    request,
    output: `<p>${request.prompt}</p>`,
    media: [],
    error: null,
  }
}
