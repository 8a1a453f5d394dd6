import { existsSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

import { parseEnv } from '../config/env.ts'
import { trustProxySetting } from '../config/trust-proxy.ts'
import {
  caddyUpstreams,
  envExampleValues,
  grafanaProvisioning,
  loadCompose,
  prometheusTargets,
  promptlyInstances,
  repoFile,
  type ComposeService,
} from './testing/compose-stack-files.ts'
import { serverEnvKeys } from './testing/server-env-keys.ts'

/** What the image's Dockerfile sets (ENV) under every instance's environment. */
const IMAGE_ENV = { NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000', DATA_DIR: '/data' }
const MONITORING = ['prometheus', 'grafana']

/** compose.yaml as it runs after `cp .env.example .env`. */
const example = envExampleValues()
const compose = loadCompose(example)
const instances = promptlyInstances(compose)

function service(name: string): ComposeService {
  const found = compose.services[name]
  if (!found) throw new Error(`compose.yaml has no service ${name}`)
  return found
}

const environmentOf = (name: string) => service(name).environment ?? {}

/**
 * What a container of the instance sees: the image's ENV, then .env (env_file), then compose.yaml's
 * environment, with the placeholder secrets replaced as the operator is told to.
 */
function containerEnv(name: string): Record<string, string> {
  const fromEnvFile = Object.fromEntries(example)
  const env = { ...IMAGE_ENV, ...fromEnvFile, ...environmentOf(name) }
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [key, value === 'change-me' ? 'x'.repeat(48) : value]),
  )
}

/** `host:port` lists in one order, so two compare whatever order their files name them in. */
const sorted = (list: string[]) => [...list].sort()

describe('compose.yaml', () => {
  it('runs two Promptly instances of one image, built from the Dockerfile at the root', () => {
    expect(instances.map(([name]) => name)).toEqual(['promptly-1', 'promptly-2'])
    expect(new Set(instances.map(([, instance]) => instance.image)).size).toBe(1)
    expect(existsSync(repoFile('Dockerfile'))).toBe(true)
  })

  it('sets only variables the server reads on the instances', () => {
    const known = new Set(serverEnvKeys())
    for (const [name] of instances) {
      expect(
        Object.keys(environmentOf(name)).filter((key) => !known.has(key)),
        name,
      ).toEqual([])
    }
  })

  it('gives each instance an environment the server accepts in production, on the stack services', () => {
    for (const [name] of instances) {
      const env = parseEnv(containerEnv(name))
      expect(env.NODE_ENV).toBe('production')
      const dependencies = [env.DATABASE_URL, env.REDIS_URL, env.SMTP_URL].map((url) => new URL(url!).hostname)
      expect(dependencies).toEqual(['postgres', 'redis', 'mailpit'])
      for (const host of dependencies) expect(compose.services[host], host).toBeDefined()
    }
  })

  it('connects the instances to PostgreSQL with the password the database was given', () => {
    const postgres = environmentOf('postgres')
    for (const [name] of instances) {
      const url = new URL(environmentOf(name).DATABASE_URL!)
      expect([url.username, url.password, url.pathname]).toEqual([
        postgres.POSTGRES_USER,
        postgres.POSTGRES_PASSWORD,
        `/${postgres.POSTGRES_DB}`,
      ])
    }
  })

  it('trusts exactly the proxy: TRUST_PROXY is Caddy’s fixed address, outside the range Docker hands out', () => {
    const caddyAddress = service('caddy').networks?.default?.ipv4_address
    const [range] = compose.networks?.default?.ipam.config ?? []
    expect(caddyAddress).toBeDefined()
    expect(range?.subnet.split('/')[0]!.split('.').slice(0, 3)).toEqual(caddyAddress!.split('.').slice(0, 3))
    expect(range?.ip_range).toMatch(/\.128\/25$/)
    expect(Number(caddyAddress!.split('.')[3])).toBeLessThan(128)
    for (const [name] of instances) {
      const setting = environmentOf(name).TRUST_PROXY
      expect(trustProxySetting.parse(setting), name).toEqual([caddyAddress])
    }
  })

  it('publishes no port of an instance: the app is reached through Caddy, metrics by Prometheus', () => {
    for (const [name, instance] of instances) expect(instance.ports, name).toBeUndefined()
    expect(service('caddy').ports?.length).toBeGreaterThan(0)
  })

  it('keeps Prometheus and Grafana behind the monitoring profile, and nothing else', () => {
    const profiled = Object.entries(compose.services).filter(([, entry]) => entry.profiles !== undefined)
    expect(profiled.map(([name, entry]) => [name, entry.profiles])).toEqual(
      MONITORING.map((name) => [name, ['monitoring']]),
    )
  })

  it('mounts only files and folders that are in the repository', () => {
    const sources = Object.values(compose.services)
      .flatMap((entry) => entry.volumes ?? [])
      .map((volume) => volume.split(':')[0]!)
      .filter((source) => source.startsWith('./'))
    expect(sources).toEqual(expect.arrayContaining(['./ops/caddy/Caddyfile', './ops/prometheus']))
    for (const source of sources) expect(existsSync(repoFile(source)), source).toBe(true)
  })

  it('creates the bucket the instances write to, at an endpoint both they and the host reach', () => {
    const setup = environmentOf('minio-setup')
    for (const [name] of instances) {
      const env = environmentOf(name)
      expect(env.S3_BUCKET, name).toBe(setup.S3_BUCKET)
      expect([env.S3_ACCESS_KEY_ID, env.S3_SECRET_ACCESS_KEY]).toEqual([
        setup.S3_ACCESS_KEY_ID,
        setup.S3_SECRET_ACCESS_KEY,
      ])
      // A share link is a presigned URL to this endpoint, opened by a browser on the host.
      const endpoint = new URL(env.S3_ENDPOINT!)
      expect(service('minio').networks?.default?.aliases).toContain(endpoint.hostname)
      expect(service('minio').ports).toContain(`127.0.0.1:${endpoint.port}:9000`)
    }
  })
})

describe('the stack’s other files name what compose.yaml runs', () => {
  const instancePorts = (variable: 'PORT' | 'METRICS_PORT') =>
    sorted(instances.map(([name]) => `${name}:${environmentOf(name)[variable]}`))

  it('ops/caddy/Caddyfile proxies to every instance at its PORT, and to nothing else', () => {
    expect(sorted(caddyUpstreams())).toEqual(instancePorts('PORT'))
  })

  it('ops/prometheus/prometheus.yml scrapes every instance at its METRICS_PORT, and nothing else', () => {
    expect(sorted(prometheusTargets())).toEqual(instancePorts('METRICS_PORT'))
  })

  it('ops/grafana/provisioning points Grafana at the stack’s Prometheus and at the dashboard compose mounts', () => {
    const { datasourceUrls, dashboardFolders } = grafanaProvisioning()
    const prometheusPort = service('prometheus').ports?.map((port) => port.split(':').at(-1))
    expect(datasourceUrls).toEqual(prometheusPort?.map((port) => `http://prometheus:${port}`))
    const dashboardMounts = (service('grafana').volumes ?? [])
      .map((volume) => volume.split(':'))
      .filter(([source]) => source === './ops/grafana/promptly-dashboard.json')
      .map(([, target]) => path.posix.dirname(target!))
    expect(dashboardMounts).toEqual(dashboardFolders)
  })
})
