import { notifications, notificationsStore } from '@mantine/notifications'
import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'

import { renderWithProviders } from '../test/render.tsx'
import { toast } from './toast.ts'
import ToastViewport from './ToastViewport.tsx'

const shown = () => notificationsStore.getState().notifications.map((item) => item.id)

afterEach(() => notifications.clean())

/** Drags the toast with `text` sideways by `distance` px with the primary button, and lets go. */
function swipe(text: string, distance: number) {
  const target = screen.getByText(text)
  fireEvent.pointerDown(target, { pointerId: 1, button: 0, clientX: 100 })
  fireEvent.pointerMove(target, { pointerId: 1, clientX: 100 + distance / 2 })
  fireEvent.pointerUp(target, { pointerId: 1, clientX: 100 + distance })
}

describe('the toast region', () => {
  it('dismisses a toast swiped 20 px sideways, and keeps one nudged less', async () => {
    renderWithProviders(<ToastViewport />)
    act(() => toast.error('Swipe me', 'swiped'))
    expect(await screen.findByText('Swipe me')).toBeVisible()
    swipe('Swipe me', 19)
    expect(shown()).toEqual(['swiped'])
    swipe('Swipe me', -20)
    expect(shown()).toEqual([])
  })

  it('dismisses any toast swiped 25 px, also one let go of off the toasts after another was swiped', async () => {
    renderWithProviders(<ToastViewport />)
    act(() => {
      toast.info('First', 'first')
      toast.info('Second', 'second')
      toast.info('Third', 'third')
    })
    expect(await screen.findByText('Third')).toBeVisible()
    swipe('First', 25)
    expect(shown()).toEqual(['second', 'third'])
    // A hand drifts: the pointer leaves the last toast, and the region, before it lets go.
    const third = screen.getByText('Third')
    fireEvent.pointerDown(third, { pointerId: 1, button: 0, clientX: 100, clientY: 50 })
    fireEvent.pointerMove(document.body, { pointerId: 1, clientX: 112, clientY: 70 })
    fireEvent.pointerUp(document.body, { pointerId: 1, clientX: 125, clientY: 90 })
    expect(shown()).toEqual(['second'])
  })

  it('puts a toast back when its gesture never ended, and follows the next press', async () => {
    renderWithProviders(<ToastViewport />)
    act(() => {
      toast.info('Left behind', 'left')
      toast.info('Swiped next', 'next')
    })
    expect(await screen.findByText('Swiped next')).toBeVisible()
    const left = document.getElementById('left')!
    // Pressed and dragged, then let go where the page never heard it (another window, say).
    fireEvent.pointerDown(screen.getByText('Left behind'), { pointerId: 1, button: 0, clientX: 100 })
    fireEvent.pointerMove(screen.getByText('Left behind'), { pointerId: 1, clientX: 110 })
    expect(left.style.translate).toBe('10px 0')
    swipe('Swiped next', 25)
    expect(shown()).toEqual(['left'])
    expect(left.style.translate).toBe('')
    // The pointer moving on, button up, drags nothing.
    fireEvent.pointerMove(document.body, { pointerId: 1, clientX: 180 })
    expect(left.style.translate).toBe('')
  })

  it('takes the keyboard to the toasts on Alt+T', async () => {
    renderWithProviders(<ToastViewport />)
    act(() => toast.info('Read me', 'read'))
    expect(await screen.findByText('Read me')).toBeVisible()
    fireEvent.keyDown(document.body, { key: 't', code: 'KeyT', altKey: true })
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
