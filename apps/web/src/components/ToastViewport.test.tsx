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
