import { describe, expect, it } from 'vitest'

import { renderErrorPage } from './render-error-page.tsx'

describe('the error page the server sends for an unreadable address', () => {
  it("is the app's error screen: titled, the reason as an alert, a link home, no script", async () => {
    const { head, body } = await renderErrorPage({ problem: 'badAddress', language: 'en' })
    expect(head).toBe(
      '<title>Unexpected Application Error! | Promptly: AI generator tools</title>' +
        '<meta name="robots" content="noindex">',
    )
    const page = new DOMParser().parseFromString(`<body>${body}</body>`, 'text/html')
    expect(page.querySelector('main h1')?.textContent).toBe('Unexpected Application Error!')
    expect(page.querySelector('[role="alert"]')?.textContent).toMatch(/^This page address cannot be read/)
    expect(page.querySelector('a')?.getAttribute('href')).toBe('/')
    expect(page.querySelector('script')).toBeNull()
  })

  it('speaks the visitor’s language', async () => {
    const { head, body } = await renderErrorPage({ problem: 'badAddress', language: 'es' })
    expect(head).toContain('<title>')
    expect(body).toContain('No se puede leer la dirección de esta página')
  })
})
