import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

import { MEDIA_MESSAGES } from '@promptly/core/generation/media-options'
import { MESSAGES } from '@promptly/core/messages'

import { FakeTrpcError, jsonResponse } from '../../test/fake-api.ts'
import { renderApp } from '../../test/render-app.tsx'
import { TOOL_ID } from '../testing/tool-fixtures.ts'
import { GENERATION_ID, mediaApi, toastMessages } from './testing.ts'
import { TRANSCRIPTION_URL } from './transcription-upload.ts'

afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')

describe('paraphrase screen', () => {
  it('keeps the page around it: header, related tools', async () => {
    mediaApi('paraphrase')
    renderApp(`/generate?id=${TOOL_ID}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'The paraphrase tool' })).toBeVisible()
    expect(await screen.findByText('Local model')).toBeVisible()
    expect(await screen.findByRole('textbox', { name: 'Text to paraphrase' })).toBeVisible()
    expect(screen.getByRole('region', { name: 'Related Tools' })).toBeVisible()
  })

  it('sends a signed-out visitor to /login with this page, and nothing to the server', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    mediaApi('paraphrase', { 'auth.me': null, 'generation.paraphrase': (input: unknown) => sent.push(input) })
    const router = renderApp(`/generate?id=${TOOL_ID}`)
    const field = await screen.findByRole('textbox', { name: 'Text to paraphrase' })
    await screen.findByRole('link', { name: 'Login' })
    await user.type(field, 'Some text to say again')
    await user.click(screen.getByRole('button', { name: 'Paraphrase' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(router.state.location.search).toEqual({ redirect: `/generate?id=${TOOL_ID}` })
    expect(toastMessages()).toEqual([MESSAGES.signInToContinue])
    expect(sent).toEqual([])
  })

  it('asks for text under the field, focuses it, and sends nothing', async () => {
    const user = userEvent.setup()
    const sent: unknown[] = []
    mediaApi('paraphrase', { 'generation.paraphrase': (input: unknown) => sent.push(input) })
    renderApp(`/generate?id=${TOOL_ID}`)
    const field = await screen.findByRole('textbox', { name: 'Text to paraphrase' })
    await user.type(field, '   ')
    await user.click(screen.getByRole('button', { name: 'Paraphrase' }))
    await waitFor(() => expect(describedBy(field)).toContain(MEDIA_MESSAGES.emptyText))
    expect(document.activeElement).toBe(field)
    expect(toastMessages()).toContain(MEDIA_MESSAGES.emptyText)
    expect(sent).toEqual([])
  })

  it('pastes from the clipboard, or says clearly that the browser refused', async () => {
    const user = userEvent.setup()
    const readText = vi.spyOn(navigator.clipboard, 'readText').mockResolvedValue('From the clipboard')
    mediaApi('paraphrase')
    renderApp(`/generate?id=${TOOL_ID}`)
    const field = await screen.findByRole('textbox', { name: 'Text to paraphrase' })
    await user.click(screen.getByRole('button', { name: 'Paste Text' }))
    await waitFor(() => expect(field).toHaveProperty('value', 'From the clipboard'))
    readText.mockRejectedValueOnce(new DOMException('denied', 'NotAllowedError'))
    await user.click(screen.getByRole('button', { name: 'Paste Text' }))
    await waitFor(() =>
      expect(toastMessages()).toContain(
        'The browser did not let us read the clipboard. Paste with Ctrl+V (⌘V on a Mac) instead.',
      ),
    )
  })

  it('paraphrases: the result split by lines, Copy once there is one, the balance re-read', async () => {
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    const sent: unknown[] = []
    const { calls } = mediaApi('paraphrase', {
      'generation.paraphrase': (input: unknown) => {
        sent.push(input)
        return { generationId: GENERATION_ID, text: 'Line one.\n\nLine two.', creditsLeft: 29 }
      },
    })
    const router = renderApp('/profile')
    expect((await screen.findByTestId('credits')).textContent).toBe('30 of 30 left')
    await router.navigate({ to: '/generate', search: { id: TOOL_ID } })
    await user.type(await screen.findByRole('textbox', { name: 'Text to paraphrase' }), '  First.\nSecond.  ')
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Paraphrase' }))
    const output = await screen.findByTestId('paraphrase-output')
    expect([...output.children].map((line) => line.textContent)).toEqual(['Line one.', 'Line two.'])
    expect(sent).toEqual([{ prompt: 'First.\nSecond.', voiceId: null }])
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Paraphrased text' }))
    expect(screen.getByText('Your paraphrased text is ready.')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Copy' }))
    await waitFor(() => expect(toastMessages()).toContain('Copied to Clipboard'))
    expect(writeText).toHaveBeenCalledWith('Line one.\nLine two.')
    await router.navigate({ to: '/profile' })
    await waitFor(() => expect(screen.getByTestId('credits').textContent).toBe('29 of 30 left'))
    expect(calls.limits).toBe(2)
  })

  it('out of credits: says so in its own words, with the way to /plan in the panel and the toast', async () => {
    const user = userEvent.setup()
    mediaApi('paraphrase', {
      'generation.paraphrase': () => {
        throw new FakeTrpcError('PAYMENT_REQUIRED', 402, 'You have no credits left. Upgrade your plan at /plan.')
      },
    })
    renderApp(`/generate?id=${TOOL_ID}`)
    await user.type(await screen.findByRole('textbox', { name: 'Text to paraphrase' }), 'Hi')
    await user.click(screen.getByRole('button', { name: 'Paraphrase' }))
    const alert = (await screen.findByText('You are out of credits')).closest<HTMLElement>('[role="alert"]')!
    expect(alert.textContent).toContain('You do not have enough credits left for this.')
    expect(within(alert).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/plan')
    const toasts = await screen.findByRole('region', { name: 'Notifications (Alt+T)' })
    expect((await within(toasts).findByRole('link', { name: 'Upgrade your plan' })).getAttribute('href')).toBe('/plan')
    expect(screen.queryByText(/at \/plan/)).toBeNull()
  })
})

describe('transcription screen', () => {
  const chooseFile = async (user: UserEvent, file: File) => {
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!
    expect(input.getAttribute('accept')).toBe('audio/mpeg,.mp3')
    await user.upload(input, file)
  }

  it('asks for a file, then refuses what is not an MP3 before uploading', async () => {
    // A person can pick any file once the browser's dialog shows all files: the screen checks it.
    const user = userEvent.setup({ applyAccept: false })
    const { fetch } = mediaApi('transcription')
    renderApp(`/generate?id=${TOOL_ID}`)
    const picker = await screen.findByRole('button', { name: /Audio file \(MP3\)/ })
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(describedBy(picker)).toContain(MEDIA_MESSAGES.noAudioFile))
    expect(toastMessages()).toContain(MEDIA_MESSAGES.noAudioFile)

    await chooseFile(user, new File(['RIFF'], 'talk.wav', { type: 'audio/wav' }))
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(toastMessages()).toContain(MEDIA_MESSAGES.notMp3))
    expect(fetch.mock.calls.some(([url]) => String(url).includes(TRANSCRIPTION_URL))).toBe(false)
  })

  it('needs no sign-in: a signed-out visitor uploads and stays on the page', async () => {
    const user = userEvent.setup()
    const uploads: string[] = []
    mediaApi(
      'transcription',
      { 'auth.me': null },
      {
        [TRANSCRIPTION_URL]: () => {
          uploads.push(TRANSCRIPTION_URL)
          return jsonResponse(400, { status: 'error', error: 'Nothing heard', message: 'x', code: 'BAD_REQUEST' })
        },
      },
    )
    const router = renderApp(`/generate?id=${TOOL_ID}`)
    await screen.findByRole('button', { name: /Audio file \(MP3\)/ })
    await screen.findByRole('link', { name: 'Login' })
    await chooseFile(user, new File(['ID3'], 'talk.mp3', { type: 'audio/mpeg' }))
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(router.state.location.pathname).toBe('/generate')
  })

  it("shows the server's refusal in a toast and in the panel", async () => {
    const user = userEvent.setup()
    mediaApi(
      'transcription',
      {},
      {
        [TRANSCRIPTION_URL]: () =>
          jsonResponse(400, {
            status: 'error',
            error: 'That file is not MP3 audio',
            message: 'x',
            code: 'BAD_REQUEST',
          }),
      },
    )
    renderApp(`/generate?id=${TOOL_ID}`)
    await screen.findByRole('button', { name: /Audio file \(MP3\)/ })
    await chooseFile(user, new File(['just text'], 'notes.mp3', { type: 'audio/mpeg' }))
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    const notice = (await screen.findByText('The generation did not work')).closest<HTMLElement>('[role="alert"]')!
    expect(notice.textContent).toContain('That file is not MP3 audio')
    expect(toastMessages()).toContain('That file is not MP3 audio')
  })

  it('uploads the MP3 and shows the text with a copy button', async () => {
    const user = userEvent.setup()
    mediaApi(
      'transcription',
      {},
      {
        [TRANSCRIPTION_URL]: () =>
          jsonResponse(200, {
            status: 'success',
            message: 'OK',
            data: { generationId: GENERATION_ID, text: 'hello world', creditsLeft: 29 },
          }),
      },
    )
    renderApp(`/generate?id=${TOOL_ID}`)
    await screen.findByRole('button', { name: /Audio file \(MP3\)/ })
    await chooseFile(user, new File(['ID3'], 'talk.mp3', { type: 'audio/mpeg' }))
    await user.click(screen.getByRole('button', { name: 'Generate' }))
    expect((await screen.findByTestId('transcription-output')).textContent).toBe('hello world')
    expect(screen.getByRole('button', { name: 'Copy' })).toBeVisible()
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Transcript' }))
  })
})
