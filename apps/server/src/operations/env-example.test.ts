import { describe, expect, it } from 'vitest'

import { composeVariables, readEnvExample } from './testing/compose-stack-files.ts'
import { serverEnvKeys } from './testing/server-env-keys.ts'

/** Tracing costs nothing until an operator points it at a collector. */
const TRACING_VARIABLES = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_SERVICE_NAME']

/** A secret with a value in .env.example would be copied into every stack that starts from it. */
const SECRET_NAME = /SECRET|PASSWORD|_KEY$/
const PLACEHOLDER = 'change-me'

describe('.env.example', () => {
  const entries = readEnvExample()
  const listed = entries.map((entry) => entry.name)

  it('lists every variable the server reads', () => {
    expect(serverEnvKeys().filter((name) => !listed.includes(name))).toEqual([])
  })

  it('lists every variable compose.yaml reads, so an operator sees what the stack takes', () => {
    expect([...composeVariables()].filter((name) => !listed.includes(name))).toEqual([])
  })

  it('lists nothing else: no variable that neither the server nor compose reads', () => {
    const read = new Set([...serverEnvKeys(), ...composeVariables()])
    expect(listed.filter((name) => !read.has(name))).toEqual([])
  })

  it('lists each variable once', () => {
    expect(listed.filter((name, index) => listed.indexOf(name) !== index)).toEqual([])
  })

  it('lists the tracing variables commented out: traces stay off unless they are set', () => {
    for (const name of TRACING_VARIABLES) {
      expect(entries.filter((entry) => entry.name === name).map((entry) => entry.active)).toEqual([false])
    }
  })

  it('gives every secret it sets the placeholder, never a value', () => {
    const secrets = entries.filter((entry) => entry.active && SECRET_NAME.test(entry.name))
    expect(secrets.map((entry) => entry.name)).toContain('SESSION_SECRET')
    for (const secret of secrets) expect(secret.value, secret.name).toBe(PLACEHOLDER)
  })
})
