import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

import { PROMPT_VALUE_PLACEHOLDER } from '@promptly/core/catalogue/tool'

import { REPO_ROOT } from '../repo-paths.ts'
import { seedTools } from './seed.ts'

// The seed data itself, checked without a database: what the catalogue promises its visitors.
const tools = seedTools()
const formTools = tools.filter((tool) => tool.kind === 'generic')

describe('seed data', () => {
  it('passes the tool-builder schema and has at least 44 tools', () => {
    expect(tools.length).toBeGreaterThanOrEqual(44)
  })

  it('includes the two bio generators the footer links to', () => {
    const names = Object.fromEntries(tools.map((tool) => [tool.slug, tool.name]))
    expect(names['x-twitter-bio-generator']).toBe('X (Twitter) Bio Generator')
    expect(names['instagram-bio-generator']).toBe('Instagram Bio Generator')
  })

  it('gives every generated form one to three groups whose prompt fragments use the value', () => {
    for (const tool of formTools) {
      expect(tool.groups.length, tool.slug).toBeGreaterThanOrEqual(1)
      expect(tool.groups.length, tool.slug).toBeLessThanOrEqual(3)
      for (const element of tool.groups.flat()) {
        expect(element.gpt, `${tool.slug}: ${element.text}`).toContain(PROMPT_VALUE_PLACEHOLDER)
        expect(element.placeholder, `${tool.slug}: ${element.text}`).not.toBe('')
      }
    }
  })

  it('gives every field of a generated form the role its value plays for the writer', () => {
    for (const tool of formTools) {
      for (const element of tool.groups.flat()) {
        const where = `${tool.slug}: ${element.text}`
        expect(element.role, where).toBeDefined()
        if (element.type === 'tone') expect(element.role, where).toBe('tone')
        if (element.type === 'switch' || element.type === 'checkbox') expect(element.role, where).toBe('setting')
      }
    }
  })

  it('answers two to four questions for every tool', () => {
    for (const tool of tools) {
      expect(tool.faq.length, tool.slug).toBeGreaterThanOrEqual(2)
      expect(tool.faq.length, tool.slug).toBeLessThanOrEqual(4)
    }
  })

  it('only uses logos the web app serves', () => {
    for (const tool of tools) {
      expect(tool.logo, tool.slug).toMatch(/^\/logos\/[a-z-]+\.svg$/)
      expect(existsSync(join(REPO_ROOT, 'apps/web/public', tool.logo)), tool.logo).toBe(true)
    }
  })
})
