/**
 * Product-wide constants for the shell. The maker's site is a placeholder until we have one. The
 * footer's words (tagline, maker's name, copyright) are texts: layout.footer.*.
 */
export const SITE = {
  name: 'Promptly',
  makerUrl: 'https://example.com/',
  contact: { email: 'support@promptly.example', phone: '+1 (555) 010-0142' },
  /** Legal pages carry a placeholder company name until the operating company is settled. */
  legalEntity: '[Company Name]',
} as const
