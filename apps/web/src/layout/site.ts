/** Product-wide constants for the shell. The maker's site is a placeholder until we have one. */
export const SITE = {
  name: 'Promptly',
  tagline: 'AI tools for bios, captions, SEO, blogs, images and audio, in one place and updated daily.',
  maker: { name: 'the Promptly team', url: 'https://example.com/' },
  copyright: '© 2024 Promptly. All rights reserved.',
  contact: { email: 'support@promptly.example', phone: '+1 (555) 010-0142' },
  /** Legal pages carry a placeholder company name until the operating company is settled. */
  legalEntity: '[Company Name]',
} as const
