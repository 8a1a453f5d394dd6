import { notifications, notificationsStore } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { TRPCError } from '@trpc/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { LOCAL_CONFIG } from '../test/catalogue-fixtures.ts'
import { renderApp } from '../test/render-app.tsx'
import { ADA } from '../test/render.tsx'
import { fakeApiWithGeneration, streamingRun, type RunScript } from './testing/fake-generation-server.ts'
import { similarTools, TOOL_ID, toolDetail } from './testing/tool-fixtures.ts'
import { resetReportedReferrals } from './useReferralRegistration.ts'

const toastMessages = () => notificationsStore.getState().notifications.map((toast) => toast.message)
const REFERRER_ID = '5b0f3a52-8c1e-4c7e-9d43-0a0c1e2f3a4b'
const PREVIOUS_ID = '22222222-2222-4222-8222-222222222222'

beforeEach(() => resetReportedReferrals())
afterEach(() => {
  vi.unstubAllGlobals()
  notifications.clean()
})

function api(script: RunScript = streamingRun(['<p>Hello ', 'world</p>']), extra: Record<string, unknown> = {}) {
  const calls = { limits: 0, referrals: [] as unknown[] }
  const server = fakeApiWithGeneration(
    {
      'system.config': LOCAL_CONFIG,
      'auth.me': ADA,
      'tools.get': { tool: toolDetail(), similar: similarTools(6) },
      'credits.limits': () => {
        calls.limits += 1
        return { plan: 'free', current_limit: 30 - (calls.limits - 1), max_limit: 30 }
      },
      'referrals.register': (input: unknown) => {
        calls.referrals.push(input)
        return { rewarded: true, reason: 'rewarded' }
      },
      ...extra,
    },
    script,
  )
  return { ...server, calls }
}

async function fillAndGenerate(user: UserEvent, label = 'Generate') {
  await user.type(await screen.findByRole('textbox', { name: /Who you are/ }), 'A designer')
  await user.type(screen.getByRole('textbox', { name: /What you post about/ }), 'UX')
  await user.click(screen.getByRole('button', { name: label }))
}

const output = () => screen.getByTestId('generation-output')

describe('generator page', () => {
  it('shows the tool, the Local model badge, at most 5 related tools, sharing and the FAQ', async () => {
    api()
    renderApp(`/generate?id=${TOOL_ID}`)
    expect(await screen.findByRole('heading', { level: 1, name: 'X (Twitter) Bio Generator' })).toBeVisible()
    expect(screen.getByText('Turn who you are into a sharp X bio.')).toBeVisible()
    expect(await screen.findByText('Local model')).toBeVisible()

    const related = screen.getByRole('region', { name: 'Related Tools' })
    const links = within(related).getAllByRole('link')
    expect(links).toHaveLength(5)
    expect(links[0]!.getAttribute('href')).toBe('/generate?id=00000000-0000-4000-8000-000000000000')
    expect(links[0]!.getAttribute('target')).toBe('_blank')
    expect(links[0]!.textContent).toContain('Similar Tool 0 (opens in a new tab)')

    // Shown once the sign-in has resolved, which may land a render after the tool's own details.
    const share = await screen.findByRole('region', { name: 'Share This Tool To Earn 50 Credits' })
    const shareLinks = within(share).getAllByRole('link')
    expect(shareLinks.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Share on Facebook',
      'Share on X (Twitter)',
      'Share on Reddit',
      'Share on WhatsApp',
      'Share on Pinterest',
      'Share by e-mail',
      'Share on Telegram',
    ])
    const shared = `${window.location.origin}/generate?id=${TOOL_ID}&reffered=${ADA.id}`
    expect(shareLinks[0]!.getAttribute('href')).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(shared)}`,
    )
    for (const link of shareLinks) expect(decodeURIComponent(link.getAttribute('href')!)).toContain(shared)
    expect(shareLinks[5]!.getAttribute('href')).toMatch(/^mailto:/)

    expect(screen.getByRole('heading', { name: 'Everything you need to know' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'How long can an X bio be?' })).toBeVisible()
  })

  it('streams the text into Your Pitch, then reads Regenerate', async () => {
    const user = userEvent.setup()
    const { runs } = api()
    renderApp(`/generate?id=${TOOL_ID}`)
    await fillAndGenerate(user)
    const panel = screen.getByRole('region', { name: 'Your Pitch' })
    await waitFor(() => expect(output().innerHTML).toBe('<p>Hello world</p>'))
    expect(within(panel).getByText('Done: 1 credit used, 29 left.')).toBeVisible()
    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeVisible()
    expect(runs).toEqual([
      {
        toolId: TOOL_ID,
        groups: [
          ['A designer', 'UX'],
          ['Friendly', true],
        ],
        // One variant unless more are asked for; no voice for a user who has saved none.
        n: 1,
        voiceId: null,
      },
    ])
  })

  it("the profile's 'X of Y left' is fresh after a generation", async () => {
    const user = userEvent.setup()
    const { calls } = api()
    const router = renderApp('/profile')
    expect((await screen.findByTestId('credits')).textContent).toBe('30 of 30 left')
    await router.navigate({ to: '/generate', search: { id: TOOL_ID } })
    await fillAndGenerate(user)
    await screen.findByRole('button', { name: 'Regenerate' })
    await router.navigate({ to: '/profile' })
    await waitFor(() => expect(screen.getByTestId('credits').textContent).toBe('29 of 30 left'))
    await waitFor(() => expect(calls.limits).toBe(2))
  })

  it('renders the result sanitised: no handlers, scripts or javascript: links', async () => {
    const user = userEvent.setup()
    api(streamingRun(['<p>Hi<img src=x onerror=alert(1)>', '<script>alert(2)</script></p>']))
    renderApp(`/generate?id=${TOOL_ID}`)
    await fillAndGenerate(user)
    await screen.findByRole('button', { name: 'Regenerate' })
    await waitFor(() => expect(output().innerHTML).toBe('<p>Hi</p>'))
    expect(output().querySelector('img, script')).toBeNull()
  })

  it('copies the result as text', async () => {
    const user = userEvent.setup()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    api()
    renderApp(`/generate?id=${TOOL_ID}`)
    await fillAndGenerate(user)
    await waitFor(() => expect(output().textContent).toBe('Hello world'))
    const copy = within(screen.getByRole('region', { name: 'Your Pitch' })).getByRole('button', { name: 'Copy' })
    await waitFor(() => expect(copy).toHaveProperty('disabled', false))
    await user.click(copy)
    await waitFor(() => expect(toastMessages()).toContain('Copied to Clipboard'))
    expect(writeText).toHaveBeenCalledWith('Hello world')

    writeText.mockRejectedValueOnce(new Error('denied'))
    await user.click(copy)
    await waitFor(() => expect(toastMessages()).toContain('Failed to copy'))
  })

  it('Stop cancels the stream: the server sees the abort and the partial text stays', async () => {
    const user = userEvent.setup()
    let aborted = false
    api(async function* (_input, signal) {
      yield { type: 'started', variant: 0, generationId: 'g', cost: 1, localModel: true }
      yield { type: 'chunk', variant: 0, text: '<p>Half a bio' }
      await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }))
      aborted = signal?.aborted ?? false
    })
    renderApp(`/generate?id=${TOOL_ID}`)
    await fillAndGenerate(user)
    await waitFor(() => expect(output().textContent).toBe('Half a bio'))
    await user.click(screen.getByRole('button', { name: 'Stop' }))
    expect(await screen.findByText('Stopped. Nothing was charged for this generation.')).toBeVisible()
    expect(output().textContent).toBe('Half a bio')
    await waitFor(() => expect(aborted).toBe(true))
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', false)
  })

  it('out of credits: says so in its own words, with a link to the plans in the toast and the panel', async () => {
    const user = userEvent.setup()
    const message = 'You have no credits left. Upgrade your plan at /plan to keep generating.'
    // As the server does: credits are reserved on the stream's first step, before anything is yielded.
    const offer = { currency: 'usd', validityDays: 30 }
    api(
      async function* () {
        await Promise.resolve()
        throw new TRPCError({ code: 'PAYMENT_REQUIRED', message })
        yield* []
      },
      {
        'plans.list': {
          offers: [
            { ...offer, key: 'TOPUP', name: 'Credit Top-up', priceCents: 499, credits: 100, validityDays: null },
            { ...offer, key: 'MONTHLY', name: 'Monthly', priceCents: 1499, credits: 1000 },
            { ...offer, key: 'YEARLY', name: 'Yearly', priceCents: 9999, credits: 14000 },
          ],
          // No paid plan runs: a top-up is not for sale, the monthly plan is the cheapest way to more.
          showTop: false,
          current: null,
        },
      },
    )
    const router = renderApp(`/generate?id=${TOOL_ID}`)
    await fillAndGenerate(user)
    const notice = (await screen.findByText('You are out of credits')).closest<HTMLElement>('[role="alert"]')!
    expect(notice.textContent).toContain('You do not have enough credits left for this.')
    expect(within(notice).getByRole('link', { name: 'Upgrade your plan' }).getAttribute('href')).toBe('/plan')
    const cheapest = await within(notice).findByRole('link', { name: /^Cheapest that fits/ })
    expect(cheapest.textContent).toBe('Cheapest that fits: Monthly, 1,000 credits for $14.99')
    expect(cheapest.getAttribute('href')).toBe('/plan#plan-MONTHLY')
    // The server's text names the path for API clients; the page never shows it.
    expect(screen.queryByText(/at \/plan/)).toBeNull()
    const toasts = await screen.findByRole('region', { name: 'Notifications (Alt+T)' })
    const toastLink = await within(toasts).findByRole('link', { name: 'Upgrade your plan' })
    expect(within(toasts).getByText('You do not have enough credits left for this.')).toBeVisible()
    expect(toastLink.getAttribute('href')).toBe('/plan')
    expect(screen.getByRole('button', { name: 'Generate' })).toHaveProperty('disabled', false)
    await user.click(toastLink)
    await waitFor(() => expect(router.state.location.pathname).toBe('/plan'))
  })

  it("shows any other failure's message from the server in a toast", async () => {
    const user = userEvent.setup()
    api(async function* () {
      yield { type: 'started', variant: 0, generationId: 'g', cost: 1, localModel: true }
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: 'The AI provider is busy. Please try again in a minute.',
      })
    })
    renderApp(`/generate?id=${TOOL_ID}`)
    await fillAndGenerate(user)
    await waitFor(() => expect(toastMessages()).toContain('The AI provider is busy. Please try again in a minute.'))
    expect(screen.getByText('The generation did not work')).toBeVisible()
  })

  it('does not send anything while a required field is empty', async () => {
    const user = userEvent.setup()
    const { runs } = api()
    renderApp(`/generate?id=${TOOL_ID}`)
    await user.click(await screen.findByRole('button', { name: 'Generate' }))
    await waitFor(() => expect(toastMessages()).toContain('e.g. Product designer at a fintech startup is required'))
    expect(runs).toEqual([])
  })

  it('registers a referral once when opened from a share link', async () => {
    const { calls } = api()
    renderApp(`/generate?id=${TOOL_ID}&reffered=${REFERRER_ID}`)
    await screen.findByRole('heading', { level: 1, name: 'X (Twitter) Bio Generator' })
    await waitFor(() => expect(calls.referrals).toEqual([{ referrerId: REFERRER_ID }]))
  })

  it("does not report a visitor's own share link", async () => {
    const { calls } = api(undefined, { 'auth.me': { ...ADA, id: REFERRER_ID } })
    renderApp(`/generate?id=${TOOL_ID}&reffered=${REFERRER_ID}`)
    await screen.findByRole('heading', { level: 1, name: 'X (Twitter) Bio Generator' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls.referrals).toEqual([])
  })

  it("'Run again' fills the form from the earlier generation", async () => {
    api(undefined, {
      'generation.get': {
        id: PREVIOUS_ID,
        toolId: TOOL_ID,
        toolName: 'X (Twitter) Bio Generator',
        kind: 'generic',
        status: 'succeeded',
        credits: 1,
        createdAt: new Date(),
        values: [
          ['Ada, a mathematician', 'Engines'],
          ['Witty', false],
        ],
        output: '<p>Old</p>',
        error: null,
      },
    })
    renderApp(`/generate?id=${TOOL_ID}&from=${PREVIOUS_ID}`)
    expect(await screen.findByDisplayValue('Ada, a mathematician')).toBeVisible()
    expect(screen.getByRole('textbox', { name: /What you post about/ })).toHaveProperty('value', 'Engines')
    expect(screen.getByRole('radio', { name: 'Witty' })).toHaveProperty('checked', true)
    expect(screen.getByRole('switch', { name: 'Emojis' })).toHaveProperty('checked', false)
  })

  it("a dedicated tool gets its own screen, chosen by the tool's kind", async () => {
    api(undefined, { 'tools.get': { tool: toolDetail({ kind: 'image', groups: [] }), similar: [] } })
    renderApp(`/generate?id=${TOOL_ID}`)
    expect(await screen.findByRole('textbox', { name: 'Describe the image' })).toBeVisible()
    expect(screen.queryByRole('textbox', { name: /Who you are/ })).toBeNull()
    expect(screen.queryByRole('region', { name: 'Your Pitch' })).toBeNull()
  })

  it('the FAQ opens one answer at a time and closes it again', async () => {
    const user = userEvent.setup()
    api()
    renderApp(`/generate?id=${TOOL_ID}`)
    const first = await screen.findByRole('button', { name: 'How long can an X bio be?' })
    const second = screen.getByRole('button', { name: 'Why five versions?' })
    await user.click(first)
    expect(first.getAttribute('aria-expanded')).toBe('true')
    await user.click(second)
    expect(first.getAttribute('aria-expanded')).toBe('false')
    expect(second.getAttribute('aria-expanded')).toBe('true')
    await user.click(second)
    expect(second.getAttribute('aria-expanded')).toBe('false')
  })

  it('an unknown tool says so', async () => {
    api(undefined, {})
    renderApp('/generate?id=not-a-tool')
    expect(await screen.findByRole('heading', { name: 'Tool not found' })).toBeVisible()
  })
})
