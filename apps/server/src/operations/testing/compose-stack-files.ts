import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'

import { REPO_ROOT } from '@promptly/db/repo-paths'

/**
 * The operator's stack files read as compose, Caddy and Prometheus read them, for the tests that keep
 * them in agreement (src/operations/). Only the parts those tests look at are modelled.
 */

export const repoFile = (relative: string) => path.join(REPO_ROOT, relative)

export interface EnvExampleEntry {
  name: string
  value: string
  /** `NAME=value` sets it; `# NAME=value` shows a default or an example. */
  active: boolean
}

const ENV_EXAMPLE_LINE = /^(# )?([A-Z][A-Z0-9_]*)=(.*)$/

export function readEnvExample(): EnvExampleEntry[] {
  return readFileSync(repoFile('.env.example'), 'utf8')
    .split('\n')
    .flatMap((line) => {
      const match = ENV_EXAMPLE_LINE.exec(line)
      return match ? [{ name: match[2]!, value: match[3]!, active: match[1] === undefined }] : []
    })
}

/** What `cp .env.example .env` gives compose and, through env_file, the instances. */
export function envExampleValues(): Map<string, string> {
  return new Map(readEnvExample().flatMap((entry) => (entry.active ? [[entry.name, entry.value] as const] : [])))
}

// Compose's interpolation: $$ is a dollar; ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error},
// ${NAME?error} and $NAME (nested defaults are not used here, so not read either).
const REFERENCE = /\$(?:(\$)|\{([A-Za-z_]\w*)(?:(:?)([-?])([^}]*))?\}|([A-Za-z_]\w*))/g

function interpolate(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(REFERENCE, (...groups: Array<string | undefined>) => {
    const [, dollar, braced, colon, operator, argument = '', bare] = groups
    if (dollar) return '$'
    const name = (braced ?? bare)!
    const value = values.get(name)
    const missing = colon ? !value : value === undefined
    if (operator === '?' && missing) throw new Error(`compose would stop: ${name}: ${argument}`)
    if (operator === '-' && missing) return argument
    return value ?? ''
  })
}

function mapStrings(node: unknown, change: (text: string) => string): unknown {
  if (typeof node === 'string') return change(node)
  if (Array.isArray(node)) return node.map((item) => mapStrings(item, change))
  if (node !== null && typeof node === 'object')
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, mapStrings(value, change)]))
  return node
}

/** compose.yaml as YAML, before interpolation; `<<` merges resolved as compose resolves them. */
function rawCompose(): unknown {
  return parseYaml(readFileSync(repoFile('compose.yaml'), 'utf8'), { merge: true })
}

/** The variables compose.yaml interpolates (from .env or the shell), escaped dollars aside. */
export function composeVariables(): Set<string> {
  const names = new Set<string>()
  mapStrings(rawCompose(), (text) => {
    for (const match of text.matchAll(REFERENCE)) if (!match[1]) names.add((match[2] ?? match[6])!)
    return text
  })
  return names
}

const scalar = z.union([z.string(), z.number(), z.boolean()]).transform(String)

const serviceNetwork = z
  .object({ ipv4_address: z.string().optional(), aliases: z.array(z.string()).optional() })
  .nullable()

const composeService = z.object({
  build: z.union([z.string(), z.object({ context: z.string() })]).optional(),
  image: z.string().optional(),
  profiles: z.array(z.string()).optional(),
  environment: z.record(z.string(), scalar).optional(),
  ports: z.array(z.string()).optional(),
  volumes: z.array(z.string()).optional(),
  networks: z.record(z.string(), serviceNetwork).optional(),
})

const composeFile = z.object({
  services: z.record(z.string(), composeService),
  networks: z
    .record(
      z.string(),
      z.object({
        ipam: z.object({ config: z.array(z.object({ subnet: z.string(), ip_range: z.string().optional() })) }),
      }),
    )
    .optional(),
})

export type ComposeFile = z.infer<typeof composeFile>
export type ComposeService = z.infer<typeof composeService>

/** compose.yaml with its variables taken from `values`, as `docker compose config` would print it. */
export function loadCompose(values: ReadonlyMap<string, string>): ComposeFile {
  return composeFile.parse(mapStrings(rawCompose(), (text) => interpolate(text, values)))
}

/** The services built from the repository's Dockerfile: the Promptly instances. */
export function promptlyInstances(compose: ComposeFile): Array<[string, ComposeService]> {
  const context = (build: ComposeService['build']) => (typeof build === 'string' ? build : build?.context)
  return Object.entries(compose.services).filter(([, service]) => context(service.build) === '.')
}

/** `host:port` of every upstream the Caddyfile's reverse_proxy directives name. */
export function caddyUpstreams(): string[] {
  return readFileSync(repoFile('ops/caddy/Caddyfile'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('reverse_proxy '))
    .flatMap((line) => line.replace(/\{$/, '').trim().split(/\s+/).slice(1))
}

const prometheusConfig = z.object({
  scrape_configs: z.array(z.object({ static_configs: z.array(z.object({ targets: z.array(z.string()) })) })),
})

/** `host:port` of every target ops/prometheus/prometheus.yml scrapes. */
export function prometheusTargets(): string[] {
  const config = prometheusConfig.parse(parseYaml(readFileSync(repoFile('ops/prometheus/prometheus.yml'), 'utf8')))
  return config.scrape_configs.flatMap((job) => job.static_configs.flatMap((group) => group.targets))
}

const grafanaDatasources = z.object({ datasources: z.array(z.object({ type: z.string(), url: z.string() })) })
const grafanaDashboards = z.object({ providers: z.array(z.object({ options: z.object({ path: z.string() }) })) })

/** What Grafana's provisioning files (ops/grafana/provisioning) point it at. */
export function grafanaProvisioning(): { datasourceUrls: string[]; dashboardFolders: string[] } {
  const read = (file: string) =>
    parseYaml(readFileSync(repoFile(`ops/grafana/provisioning/${file}`), 'utf8')) as unknown
  return {
    datasourceUrls: grafanaDatasources
      .parse(read('datasources/prometheus.yml'))
      .datasources.map((source) => source.url),
    dashboardFolders: grafanaDashboards.parse(read('dashboards/promptly.yml')).providers.map((p) => p.options.path),
  }
}
