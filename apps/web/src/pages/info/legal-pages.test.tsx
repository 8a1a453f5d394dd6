import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { UNSET_SITE_DETAILS } from '../../layout/site.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { PrivacyPage } from './PrivacyPage.tsx'
import { renderInLanguage } from './render-in-language.tsx'
import { SecureTransactionPage } from './SecureTransactionPage.tsx'
import { TermsPage } from './TermsPage.tsx'

const company = 'Acme Tools Ltd'
const email = 'help@acme.test'
const site = { ...UNSET_SITE_DETAILS, companyName: company, supportEmail: email }

describe('legal pages', () => {
  it('name the operating company and the support address in English', () => {
    renderWithProviders(<TermsPage site={site} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
    expect(screen.getByText(`These terms govern your use of Promptly, operated by ${company}.`)).toBeVisible()
    expect(screen.getByText(`Questions about these terms: ${email}.`)).toBeVisible()
  })

  it('keep the company and address as they are when the page is in Spanish', async () => {
    await renderInLanguage(<TermsPage site={site} />, 'es')
    expect(screen.getByRole('heading', { level: 1, name: 'Términos del servicio' })).toBeVisible()
    expect(screen.getByText(`Estos términos regulan tu uso de Promptly, operado por ${company}.`)).toBeVisible()
    expect(screen.getByText(/suspender las cuentas/)).toHaveTextContent(company)
    expect(screen.getByText(`Preguntas sobre estos términos: ${email}.`)).toBeVisible()
  })

  it('tell an Arabic reader where to write about their data and their charges', async () => {
    await renderInLanguage(<PrivacyPage site={site} />, 'ar')
    expect(screen.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' })).toBeVisible()
    expect(screen.getByRole('heading', { level: 2, name: 'حقوقك وطلباتك' }).parentElement).toHaveTextContent(email)
  })

  it('tell a Hindi reader where to write about a charge', async () => {
    await renderInLanguage(<SecureTransactionPage site={site} />, 'hi')
    expect(screen.getByRole('heading', { level: 1, name: 'सुरक्षित लेन-देन नीति' })).toBeVisible()
    expect(screen.getByRole('heading', { level: 2, name: 'रिकॉर्ड और सवाल' }).parentElement).toHaveTextContent(email)
  })

  it('word every sentence without a company or address when none is configured', () => {
    const { container } = renderWithProviders(
      <>
        <TermsPage site={UNSET_SITE_DETAILS} />
        <PrivacyPage site={UNSET_SITE_DETAILS} />
        <SecureTransactionPage site={UNSET_SITE_DETAILS} />
      </>,
    )
    expect(screen.getByText('These terms govern your use of Promptly.')).toBeVisible()
    expect(screen.getByText('Questions about these terms: see the Contact page.')).toBeVisible()
    expect(screen.getByText('How Promptly collects, uses and protects your information.')).toBeVisible()
    // No placeholder of any kind: no brackets, no example addresses, no empty interpolation.
    const text = [...container.querySelectorAll('p')].map((paragraph) => paragraph.textContent).join(' ')
    expect(text).not.toMatch(/\[|\{\{|example|@|undefined|null/)
  })
})
