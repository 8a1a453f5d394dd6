import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { UNSET_SITE_DETAILS } from '../../layout/site.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { renderInLanguage } from '../info/render-in-language.tsx'
import { ContactPage } from './ContactPage.tsx'

/** Types into the form's fields and presses its buttons, as a visitor does. */
function visitor() {
  const user = userEvent.setup()
  return {
    // Each label ends in the required mark (" *").
    type: (label: string, value: string) => user.type(screen.getByLabelText(new RegExp(`^${label}`)), value),
    send: (name: string) => user.click(screen.getByRole('button', { name })),
  }
}

const SITE = { ...UNSET_SITE_DETAILS, supportEmail: 'help@acme.test', supportPhone: '+44 (0)20 7946 0000' }

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
  it('says what is missing instead of opening the mail client', async () => {
    const { type, send } = visitor()
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    renderWithProviders(<ContactPage site={SITE} />)
    await type('Email', 'not an address')
    await send('Send message')
    expect(screen.getByText('Name is required')).toBeVisible()
    expect(screen.getByText('Enter a valid e-mail address')).toBeVisible()
    expect(screen.getByText('Message is required')).toBeVisible()
    expect(assign).not.toHaveBeenCalled()
  })

  it('opens the mail client with the message, a subject naming the sender, and their address', async () => {
    const { type, send } = visitor()
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    renderWithProviders(<ContactPage site={SITE} />)
    await type('Name', ' Ada Lovelace ')
    await type('Email', 'ada@example.com')
    await type('Message', 'Could you add a haiku tool?')
    await send('Send message')
    const mail = new URL(String(assign.mock.calls[0]?.[0]))
    expect(mail.protocol).toBe('mailto:')
    expect(mail.pathname).toBe(SITE.supportEmail)
    expect(mail.searchParams.get('subject')).toBe('Message from Ada Lovelace')
    expect(mail.searchParams.get('body')).toBe('Could you add a haiku tool?\n\nAda Lovelace <ada@example.com>')
  })

  it('writes the subject in the visitor’s language', async () => {
    const { type, send } = visitor()
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {})
    await renderInLanguage(<ContactPage site={SITE} />, 'hi')
    await type('नाम', 'Ada')
    await type('ईमेल', 'ada@example.com')
    await type('संदेश', 'नमस्ते')
    await send('संदेश भेजें')
    expect(new URL(String(assign.mock.calls[0]?.[0])).searchParams.get('subject')).toBe('Ada की ओर से संदेश')
  })

  it('shows the errors already on screen in the language picked afterwards', async () => {
    const { send } = visitor()
    const { i18n } = await renderInLanguage(<ContactPage site={SITE} />, 'en')
    await send('Send message')
    expect(screen.getByText('Name is required')).toBeVisible()
    await act(() => i18n.changeLanguage('es'))
    expect(screen.getByRole('heading', { level: 1, name: 'Contáctanos' })).toBeVisible()
    expect(screen.getByText('El nombre es obligatorio')).toBeVisible()
    expect(screen.getByText('Introduce una dirección de correo electrónico válida')).toBeVisible()
    expect(screen.queryByText('Name is required')).toBeNull()
  })

  it('shows the configured address and phone as links', () => {
    renderWithProviders(<ContactPage site={SITE} />)
    expect(screen.getByRole('link', { name: 'help@acme.test' })).toHaveAttribute('href', 'mailto:help@acme.test')
    expect(screen.getByRole('link', { name: '+44 (0)20 7946 0000' })).toHaveAttribute('href', 'tel:+4402079460000')
  })

  it('invents no contact data when none is configured, and offers no form that could not be sent', () => {
    renderWithProviders(<ContactPage site={UNSET_SITE_DETAILS} />)
    expect(screen.getByText('Contact details have not been set up for this site yet.')).toBeVisible()
    expect(screen.queryByRole('link')).toBeNull()
    expect(screen.queryByRole('form', { name: 'Contact form' })).toBeNull()
  })

  it('shows only the phone when no address is configured', () => {
    renderWithProviders(<ContactPage site={{ ...UNSET_SITE_DETAILS, supportPhone: '0800 123' }} />)
    expect(screen.getByRole('link', { name: '0800 123' })).toHaveAttribute('href', 'tel:0800123')
    expect(screen.queryByText('Contact details have not been set up for this site yet.')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull()
  })
})
