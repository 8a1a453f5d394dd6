import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'

import { REPO_ROOT } from '@promptly/db/repo-paths'

import { DRILL_BLOCKS, drillBlock, readRunbook } from './testing/runbook.ts'
import { serverEnvKeys } from './testing/server-env-keys.ts'

const alertRules = z.object({
  groups: z.array(z.object({ rules: z.array(z.object({ alert: z.string().optional() })) })),
})

/** Every alert `ops/prometheus/alerts.yml` defines. */
function alertNames(): string[] {
  const file = alertRules.parse(parseYaml(readFileSync(path.join(REPO_ROOT, 'ops/prometheus/alerts.yml'), 'utf8')))
  return file.groups.flatMap((group) => group.rules.flatMap((rule) => (rule.alert ? [rule.alert] : [])))
}

/** The `### ` headings under the `## <title>` section, up to the next `## `. */
function subsectionsOf(markdown: string, title: string): string[] {
  const start = markdown.indexOf(`\n## ${title}\n`)
  if (start < 0) return []
  const rest = markdown.slice(start + title.length + 5)
  const end = rest.search(/\n## /)
  const section = end < 0 ? rest : rest.slice(0, end)
  return [...section.matchAll(/^### (.+)$/gm)].map((match) => match[1]!.trim())
}

/**
 * Every name written like a setting (capitals, digits and at least one underscore), in prose and in
 * code alike: the page may use no other such name, so a misspelt or removed setting cannot hide.
 */
function settingsNamedIn(markdown: string): string[] {
  return [...new Set(markdown.match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g) ?? [])].sort()
}

/**
 * What the server reads: its schema, and the AI settings' schema that it defers to; and what Node
 * itself reads before the server starts (its options, for the heap cap the runbook sizes).
 */
const SETTINGS = new Set([...serverEnvKeys(), 'NODE_OPTIONS'])

describe('docs/operations.md', () => {
  const runbook = readRunbook()

  it('has a section under Alerts for every alert in alerts.yml, and for no other', () => {
    const alerts = alertNames()
    expect(alerts.length).toBeGreaterThan(0)
    expect(subsectionsOf(runbook, 'Alerts').sort()).toEqual([...alerts].sort())
  })

  it('names only settings the server reads', () => {
    const named = settingsNamedIn(runbook)
    expect(named).toContain('SESSION_SECRET')
    expect(named.filter((name) => !SETTINGS.has(name))).toEqual([])
  })

  it.each(DRILL_BLOCKS)('marks the %s block that the restore drill runs', (name) => {
    expect(drillBlock(runbook, name)).toMatch(/\S/)
  })

  it('finds setting names in prose and commands, and sections under a heading', () => {
    const sample =
      '`NODE_ENV=production` and "$DATABASE_URL", PromptlyDown, pg_dump, WITH (FORCE)\n\n## Alerts\n### A\n## B\n### C'
    expect(settingsNamedIn(sample)).toEqual(['DATABASE_URL', 'NODE_ENV'])
    expect(subsectionsOf(sample, 'Alerts')).toEqual(['A'])
  })
})
