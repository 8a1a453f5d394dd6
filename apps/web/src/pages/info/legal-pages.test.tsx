import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

import { SITE } from '../../layout/site.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { PrivacyPage } from './PrivacyPage.tsx'
import { renderInLanguage } from './render-in-language.tsx'
import { SecureTransactionPage } from './SecureTransactionPage.tsx'
import { TermsPage } from './TermsPage.tsx'

const company = SITE.legalEntity
const email = SITE.contact.email

describe('legal pages', () => {
  it('name the operating company and the support address in English', () => {
    renderWithProviders(<TermsPage />)
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible()
    expect(screen.getByText(`These terms govern your use of Promptly, operated by ${company}.`)).toBeVisible()
    expect(screen.getByText(`Questions about these terms: ${email}.`)).toBeVisible()
  })

  it('keep the company and address as they are when the page is in Spanish', async () => {
    await renderInLanguage(<TermsPage />, 'es')
    expect(screen.getByRole('heading', { level: 1, name: 'Términos del servicio' })).toBeVisible()
    expect(screen.getByText(`Estos términos regulan tu uso de Promptly, operado por ${company}.`)).toBeVisible()
    expect(screen.getByText(/suspender las cuentas/)).toHaveTextContent(company)
    expect(screen.getByText(`Preguntas sobre estos términos: ${email}.`)).toBeVisible()
  })

  it('tell an Arabic reader where to write about their data and their charges', async () => {
    await renderInLanguage(<PrivacyPage />, 'ar')
    expect(screen.getByRole('heading', { level: 1, name: 'سياسة الخصوصية' })).toBeVisible()
    expect(screen.getByRole('heading', { level: 2, name: 'حقوقك وطلباتك' }).parentElement).toHaveTextContent(email)
  })

  it('tell a Hindi reader where to write about a charge', async () => {
    await renderInLanguage(<SecureTransactionPage />, 'hi')
    expect(screen.getByRole('heading', { level: 1, name: 'सुरक्षित लेन-देन नीति' })).toBeVisible()
    expect(screen.getByRole('heading', { level: 2, name: 'रिकॉर्ड और सवाल' }).parentElement).toHaveTextContent(email)
  })
})
