import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { renderWithProviders } from '../test/render.tsx'
import { ErrorScreen } from './ErrorScreen.tsx'

describe('ErrorScreen', () => {
  it('shows its title and the error message', () => {
    renderWithProviders(<ErrorScreen error={new Error('Tool list failed to load')} showStack={false} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible()
    expect(screen.getByRole('alert').textContent).toBe('Tool list failed to load')
    expect(screen.queryByLabelText('Error stack')).toBeNull()
  })

  it('names itself in the document title', async () => {
    document.title = 'Plans | Promptly'
    renderWithProviders(<ErrorScreen error={new Error('x')} showStack={false} />)
    await waitFor(() => expect(document.title).toBe('Unexpected Application Error! | Promptly'))
  })

  it('shows the status of a failed response', () => {
    renderWithProviders(<ErrorScreen error={{ status: 404, statusText: 'Not Found' }} showStack={false} />)
    expect(screen.getByRole('alert').textContent).toBe('404 Not Found')
  })

  it('prints the stack only when asked (development builds)', () => {
    const error = new Error('boom')
    renderWithProviders(<ErrorScreen error={error} showStack />)
    expect(screen.getByLabelText('Error stack').textContent).toContain('boom')
  })

  it('offers a way back home', () => {
    renderWithProviders(<ErrorScreen error={new Error('x')} showStack={false} />)
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/')
  })
})
