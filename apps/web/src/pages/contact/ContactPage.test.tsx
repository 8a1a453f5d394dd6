import { act, fireEvent, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { SITE } from '../../layout/site.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { renderInLanguage } from '../info/render-in-language.tsx'
import { ContactPage } from './ContactPage.tsx'

// Each label ends in the required mark (" *").
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } })
const send = (name: string) => fireEvent.click(screen.getByRole('button', { name }))

// The message box grows with its text and listens for web fonts loading, which happy-dom lacks.
beforeAll(() => {
  Object.defineProperty(document, 'fonts', { configurable: true, value: new EventTarget() })
})
afterAll(() => {
  Reflect.deleteProperty(document, 'fonts')
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe('contact page', () => {
  it('says what is missing instead of opening the mail client', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    renderWithProviders(<ContactPage />)
    type('Email', 'not an address')
    send('Send message')
    expect(screen.getByText('Name is required')).toBeVisible()
    expect(screen.getByText('Enter a valid e-mail address')).toBeVisible()
    expect(screen.getByText('Message is required')).toBeVisible()
    expect(assign).not.toHaveBeenCalled()
  })

  it('opens the mail client with the message, a subject naming the sender, and their address', () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    renderWithProviders(<ContactPage />)
    type('Name', ' Ada Lovelace ')
    type('Email', 'ada@example.com')
    type('Message', 'Could you add a haiku tool?')
    send('Send message')
    const mail = new URL(String(assign.mock.calls[0]?.[0]))
    expect(mail.protocol).toBe('mailto:')
    expect(mail.pathname).toBe(SITE.contact.email)
    expect(mail.searchParams.get('subject')).toBe('Message from Ada Lovelace')
    expect(mail.searchParams.get('body')).toBe('Could you add a haiku tool?\n\nAda Lovelace <ada@example.com>')
  })

  it('writes the subject in the visitor’s language', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    await renderInLanguage(<ContactPage />, 'hi')
    type('नाम', 'Ada')
    type('ईमेल', 'ada@example.com')
    type('संदेश', 'नमस्ते')
    send('संदेश भेजें')
    expect(new URL(String(assign.mock.calls[0]?.[0])).searchParams.get('subject')).toBe('Ada की ओर से संदेश')
  })

  it('shows the errors already on screen in the language picked afterwards', async () => {
    const { i18n } = await renderInLanguage(<ContactPage />, 'en')
    send('Send message')
    expect(screen.getByText('Name is required')).toBeVisible()
    await act(() => i18n.changeLanguage('es'))
    expect(screen.getByRole('heading', { level: 1, name: 'Contáctanos' })).toBeVisible()
    expect(screen.getByText('El nombre es obligatorio')).toBeVisible()
    expect(screen.getByText('Introduce una dirección de correo electrónico válida')).toBeVisible()
    expect(screen.queryByText('Name is required')).toBeNull()
  })
})
