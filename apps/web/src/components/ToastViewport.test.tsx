import { notifications, notificationsStore } from '@mantine/notifications'
import { act, fireEvent, screen } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'

import { renderWithProviders } from '../test/render.tsx'
import { toast } from './toast.ts'
import ToastViewport from './ToastViewport.tsx'

const shown = () => notificationsStore.getState().notifications.map((item) => item.id)

afterEach(() => notifications.clean())

/** Drags the toast with `text` sideways by `distance` px with the primary button, and lets go. */
async function swipe(user: UserEvent, text: string, distance: number) {
  const target = screen.getByText(text)
  await user.pointer([
    { keys: '[MouseLeft>]', target, coords: { clientX: 100 } },
    { target, coords: { clientX: 100 + distance / 2 } },
    { keys: '[/MouseLeft]', target, coords: { clientX: 100 + distance } },
  ])
}

describe('the toast region', () => {
  it('dismisses a toast swiped 20 px sideways, and keeps one nudged less', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ToastViewport />)
    act(() => toast.error('Swipe me', 'swiped'))
    expect(await screen.findByText('Swipe me')).toBeVisible()
    await swipe(user, 'Swipe me', 19)
    expect(shown()).toEqual(['swiped'])
    await swipe(user, 'Swipe me', -20)
    expect(shown()).toEqual([])
  })

  it('dismisses any toast swiped 25 px, also one let go of off the toasts after another was swiped', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ToastViewport />)
    act(() => {
      toast.info('First', 'first')
      toast.info('Second', 'second')
      toast.info('Third', 'third')
    })
    expect(await screen.findByText('Third')).toBeVisible()
    await swipe(user, 'First', 25)
    expect(shown()).toEqual(['second', 'third'])
    // A hand drifts: the pointer leaves the last toast, and the region, before it lets go.
    const third = screen.getByText('Third')
    await user.pointer([
      { keys: '[MouseLeft>]', target: third, coords: { clientX: 100, clientY: 50 } },
      { target: document.body, coords: { clientX: 112, clientY: 70 } },
      { keys: '[/MouseLeft]', target: document.body, coords: { clientX: 125, clientY: 90 } },
    ])
    expect(shown()).toEqual(['second'])
  })

  it('puts a toast back when its gesture never ended, and follows the next press', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ToastViewport />)
    act(() => {
      toast.info('Left behind', 'left')
      toast.info('Swiped next', 'next')
    })
    expect(await screen.findByText('Swiped next')).toBeVisible()
    const left = document.getElementById('left')!
    // Pressed and dragged, then let go where the page never heard it (another window, say).
    // fireEvent: userEvent pairs every press with a release the page hears, so it cannot leave one unheard.
    fireEvent.pointerDown(screen.getByText('Left behind'), { pointerId: 1, button: 0, clientX: 100 })
    fireEvent.pointerMove(screen.getByText('Left behind'), { pointerId: 1, clientX: 110 })
    expect(left.style.translate).toBe('10px 0')
    await swipe(user, 'Swiped next', 25)
    expect(shown()).toEqual(['left'])
    expect(left.style.translate).toBe('')
    // The pointer moving on, button up, drags nothing (fireEvent, as the press it follows is one of fireEvent's).
    fireEvent.pointerMove(document.body, { pointerId: 1, clientX: 180 })
    expect(left.style.translate).toBe('')
  })

  it('takes the keyboard to the toasts on Alt+T', async () => {
    const user = userEvent.setup()
    renderWithProviders(<ToastViewport />)
    act(() => toast.info('Read me', 'read'))
    expect(await screen.findByText('Read me')).toBeVisible()
    await user.keyboard('{Alt>}t{/Alt}')
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Notifications (Alt+T)' }))
  })

  it('clears the validation toasts it is asked to, and only those', async () => {
    renderWithProviders(<ToastViewport />)
    act(() => {
      toast.validation('Name is required', 'required-name')
      toast.error('The server is busy', 'busy')
    })
    expect(await screen.findByText('Name is required')).toBeVisible()
    act(() => toast.clearValidation())
    expect(shown()).toEqual(['busy'])
  })
})
